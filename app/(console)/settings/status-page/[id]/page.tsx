import type { Metadata } from 'next';
import { EmptyState } from '@/components/shell/empty-state';
import { ErrorPanel } from '@/components/shell/error-panel';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { LazyStatusPageEditor } from '@/components/status-page/lazy-editor';
import { StatusPageUnavailable } from '@/components/status-page/status-page-unavailable';
import { requireRouteAccess } from '@/lib/auth/server';
import { getBackend } from '@/lib/backend/client';
import { loadServerQuery } from '@/lib/queries/server';
import { hasStatusPageCapability } from '@/lib/status-page/capability';
import { statusPageQueries } from '@/lib/status-page/queries';

export const metadata: Metadata = { title: 'Status Page' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /settings/status-page/{id} (admin): a page's editor; `new` creates one. */
export default async function StatusPageEditPage({ params }: { params: Promise<{ id: string }> }) {
  const session = await requireRouteAccess('/settings/status-page/[id]');
  const key = session.mode === 'clerk' ? `clerk:${session.user.id}` : 'deployment';
  if (!(await hasStatusPageCapability(await getBackend(), key))) return <StatusPageUnavailable />;
  const { id } = await params;
  // The editor's pickers and save use react-query: PrefetchQueries gives it the query client.
  if (id === 'new')
    return (
      <PrefetchQueries queries={[]}>
        <LazyStatusPageEditor />
      </PrefetchQueries>
    );
  if (!UUID.test(id)) return <EmptyState title="Status page not found" />;
  const loaded = await loadServerQuery(statusPageQueries.one(id));
  if (!loaded.ok)
    return <ErrorPanel error={loaded.error} title="The status page could not be loaded" hideDetails />;
  return (
    <PrefetchQueries queries={[statusPageQueries.one(id)]}>
      <LazyStatusPageEditor page={loaded.data} />
    </PrefetchQueries>
  );
}
