import { Unauthorized } from '@/components/shell/unauthorized';

export const metadata = { title: 'Unauthorized' };

/** Rendered with status 403 when a server page calls forbidden(). */
export default function Forbidden() {
  return <Unauthorized />;
}
