import 'server-only';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { ResourceDetail } from '@/components/resources/resource-detail';
import { ResourceList } from '@/components/resources/resource-list';
import { requireRouteAccess } from '@/lib/auth/server';
import { resourceTableQueries } from '@/lib/queries/resource-tables';
import { canWriteResource, resourceTableOf, type ResourceTableName } from '@/lib/resources/resource-tables';

/** The server halves of the generic resource pages: gate, prefetch, compose (thin route files call these). */

export async function ResourceListScreen({ table }: { table: ResourceTableName }) {
  const def = resourceTableOf(table);
  const session = await requireRouteAccess(def.path);
  return (
    <PrefetchQueries queries={[resourceTableQueries.list(def)]}>
      <ResourceList table={table} canWrite={canWriteResource(def, session)} />
    </PrefetchQueries>
  );
}

export async function ResourceDetailScreen({ table, params }: { table: ResourceTableName; params: Promise<{ id: string }> }) {
  const def = resourceTableOf(table);
  const session = await requireRouteAccess(`${def.path}/[id]`);
  const { id } = await params;
  return (
    <PrefetchQueries queries={[resourceTableQueries.record(table, id)]}>
      <ResourceDetail table={table} id={id} canWrite={canWriteResource(def, session)} />
    </PrefetchQueries>
  );
}
