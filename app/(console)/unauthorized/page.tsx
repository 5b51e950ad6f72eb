import { Unauthorized } from '@/components/shell/unauthorized';

export const metadata = { title: 'Unauthorized' };

/** Middleware rewrites a denied route here (status 403), keeping the address and the shell. */
export default function UnauthorizedPage() {
  return <Unauthorized />;
}
