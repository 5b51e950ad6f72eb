import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { StatusPageUnavailable } from '@/components/status-page/status-page-unavailable';
import { StatusPagesList } from '@/components/status-page/status-pages-list';
import { requireRouteAccess } from '@/lib/auth/server';
import { getBackend } from '@/lib/backend/client';
import { hasStatusPageCapability } from '@/lib/status-page/capability';
import { statusPageQueries } from '@/lib/status-page/queries';

export const metadata: Metadata = { title: 'Status Pages' };

/** /settings/status-page (admin): the public status pages; "not available" on a backend without them. */
export default async function StatusPagesPage() {
  const session = await requireRouteAccess('/settings/status-page');
  if (!(await hasStatusPageCapability(await getBackend(), capabilityKey(session))))
    return <StatusPageUnavailable />;
  return (
    <PrefetchQueries queries={[statusPageQueries.list()]}>
      <StatusPagesList />
    </PrefetchQueries>
  );
}

function capabilityKey(session: { mode: string; user: { id: string } }): string {
  return session.mode === 'clerk' ? `clerk:${session.user.id}` : 'deployment';
}
