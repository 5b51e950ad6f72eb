import type { Metadata } from 'next';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { ComponentPage } from '@/components/topology/component-page';
import { hasAccess } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { loadServerQuery } from '@/lib/queries/server';
import { topologyQueries } from '@/lib/topology/queries';
import { ancestorIds } from '@/lib/topology/tree';
import { agentQueries } from '@/lib/access/agents-queries';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const component = (await loadServerQuery(topologyQueries.component(id))).data;
  return { title: component ? component.title || component.name : 'Topology' };
}

/** /topology/{id}: the component's path, its children as cards (same filters as /topology) and the side panel. */
export default async function TopologyComponentPage({ params }: Props) {
  const session = await requireRouteAccess('/topology/[id]');
  const { id } = await params;
  return (
    <PrefetchQueries
      queries={[topologyQueries.component(id), agentQueries.choices(), topologyQueries.labels()]}
      dependent={async (client) => {
        const component = client.getQueryData(topologyQueries.component(id).queryKey);
        const ancestors = component ? ancestorIds(component) : [];
        if (ancestors.length > 0) await client.prefetchQuery(topologyQueries.names(ancestors));
      }}
    >
      <ComponentPage componentId={id} canEditConfigs={hasAccess(session.grants, 'topologies', 'write')} />
    </PrefetchQueries>
  );
}
