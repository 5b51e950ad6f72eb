import type { Metadata } from 'next';
import { ConnectionsList } from '@/components/connections/connections-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { connectionQueries, connectionsListParams } from '@/lib/connections/queries';
import { connectionsSearch } from '@/lib/connections/search';
import type { SearchParamsSource } from '@/lib/search-params/define';

export const metadata: Metadata = { title: 'Connections' };

/** /settings/connections: the connections list; a connection id in the URL opens its edit dialog. */
export default async function ConnectionsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/settings/connections');
  const values = connectionsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  const queries = [connectionQueries.list(connectionsListParams(values, pageSize))];
  return (
    <PrefetchQueries queries={values.id ? [...queries, connectionQueries.detail(values.id)] : queries}>
      <ConnectionsList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
