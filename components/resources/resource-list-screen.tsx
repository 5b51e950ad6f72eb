import 'server-only';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { ResourceList } from '@/components/resources/resource-list';
import { requireRouteAccess } from '@/lib/auth/server';
import { resourceListParams, resourceTableQueries } from '@/lib/resources/queries';
import { canWriteResource, resourceTableOf, type ResourceTableName } from '@/lib/resources/resource-tables';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { resourceListSearch } from '@/lib/resources/search';

/** The server half of a generic resource list: gate, parse the URL, prefetch, compose (the route files call it). */
export async function ResourceListScreen({ table, searchParams }: { table: ResourceTableName; searchParams: Promise<SearchParamsSource> }) {
  const def = resourceTableOf(table);
  const session = await requireRouteAccess(def.path);
  const values = resourceListSearch.parse(await searchParams);
  return (
    <PrefetchQueries queries={[resourceTableQueries.list(def, resourceListParams(def, values))]}>
      <ResourceList table={table} canWrite={canWriteResource(def, session)} />
    </PrefetchQueries>
  );
}
