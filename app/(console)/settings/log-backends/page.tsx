import type { Metadata } from 'next';
import { LogBackendsList } from '@/components/operations/log-backends-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { listSortOf, settingsAdminQueries } from '@/lib/operations/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { logBackendsSearch } from '@/lib/operations/search';

export const metadata: Metadata = { title: 'Log Backends' };

/** /settings/log-backends (feature logs): the log backends, add and edit. */
export default async function LogBackendsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/settings/log-backends');
  const sort = listSortOf(logBackendsSearch.parse(await searchParams));
  return (
    <PrefetchQueries queries={[settingsAdminQueries.logBackends(sort)]}>
      <LogBackendsList />
    </PrefetchQueries>
  );
}
