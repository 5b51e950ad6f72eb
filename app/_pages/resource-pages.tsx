import 'server-only';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { ResourceDetail } from '@/components/resources/resource-detail';
import { ResourceList } from '@/components/resources/resource-list';
import { requireRouteAccess } from '@/lib/auth/server';
import { resourceListParams, resourceTableQueries } from '@/lib/resources/queries';
import { canWriteResource, resourceTableOf, type ResourceTableName } from '@/lib/resources/resource-tables';
import { resourceListSearch } from '@/lib/resources/search';
import type { SearchParamsSource } from '@/lib/search-params/define';

/**
 * The route files of the generic resource tables (teams, health checks, topologies, rules, scrapers) differ only in
 * their table, so each is one call of these factories: gate, parse the URL, prefetch, compose.
 */
export function resourceListPage(table: ResourceTableName) {
  return async function ResourceListPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
    const def = resourceTableOf(table);
    const session = await requireRouteAccess(def.path);
    const values = resourceListSearch.parse(await searchParams);
    return (
      <PrefetchQueries queries={[resourceTableQueries.list(def, resourceListParams(def, values))]}>
        <ResourceList table={table} canWrite={canWriteResource(def, session)} />
      </PrefetchQueries>
    );
  };
}

export function resourceDetailPage(table: ResourceTableName) {
  return async function ResourceDetailPage({ params }: { params: Promise<{ id: string }> }) {
    const def = resourceTableOf(table);
    const session = await requireRouteAccess(`${def.path}/[id]`);
    const { id } = await params;
    return (
      <PrefetchQueries queries={[resourceTableQueries.record(table, id)]}>
        <ResourceDetail table={table} id={id} canWrite={canWriteResource(def, session)} />
      </PrefetchQueries>
    );
  };
}
