import { Unauthorized } from '@/components/shell/unauthorized';

export const metadata = { title: 'Unauthorized' };

/**
 * Middleware rewrites a denied route here and names status 403, which the front door applies
 * (lib/server/response-status.ts): the page renders the Unauthorized state itself, so it is in the server HTML.
 * forbidden() here sent an empty error document whose state only the browser's JavaScript drew.
 */
export default function UnauthorizedPage() {
  return <Unauthorized />;
}
