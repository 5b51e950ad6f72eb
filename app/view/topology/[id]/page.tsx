import type { Metadata } from 'next';
import { ServerState } from '@/components/list/server-state';
import { TopologyCard } from '@/components/topology/topology-card';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { loadServerQuery } from '@/lib/queries/server';
import { topologyQueries } from '@/lib/topology/queries';
import { agentOf } from '@/lib/topology/properties';
import { agentQueries } from '@/lib/access/agents-queries';

type Props = { params: Promise<{ id: string }> };

/** The wall display's title is the component's name alone, without the product suffix. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const component = (await loadServerQuery(topologyQueries.component(id))).data;
  return { title: { absolute: component ? component.title || component.name : 'Component not found' } };
}

/**
 * /view/topology/{id}: one component card without the console chrome, for wall displays and embedding. Rendered on
 * the server alone (a page without data in the browser: no query client), through the state component's twin.
 */
export default async function TopologyCardView({ params }: Props) {
  const session = await requireRouteAccess('/view/topology/[id]');
  const { id } = await params;
  const [component, agents] = await Promise.all([
    loadServerQuery(topologyQueries.component(id)),
    loadServerQuery(agentQueries.choices()),
  ]);
  const byId = new Map((agents.data ?? []).map((a) => [a.id, a]));
  return (
    <div className="flex justify-center p-4">
      <ServerState
        result={component}
        empty="Component not found"
        errorTitle="The component could not be loaded"
      >
        {(c) => (
          <TopologyCard
            component={c}
            agent={agentOf(c.agent_id, byId)}
            variant="view"
            headingLevel="h1"
            incidentLinks={canOpenRoute(session, '/incidents')}
          />
        )}
      </ServerState>
    </div>
  );
}
