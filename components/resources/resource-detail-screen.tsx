import 'server-only';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { ResourceDetail } from '@/components/resources/resource-detail';
import { requireRouteAccess } from '@/lib/auth/server';
import { resourceTableQueries } from '@/lib/resources/queries';
import { canWriteResource, resourceTableOf, type ResourceTableName } from '@/lib/resources/resource-tables';

/** The server half of a generic resource page: gate, prefetch the row, compose (the route files call it). */
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
