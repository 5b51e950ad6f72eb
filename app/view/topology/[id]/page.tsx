import type { Metadata } from 'next';
import { ServerState } from '@/components/list/server-state';
import { LazyWallPageRefresh, WallHeadline } from '@/components/live';
import { TopologyCard } from '@/components/topology/topology-card';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { loadServerQuery } from '@/lib/queries/server';
import { topologyQueries } from '@/lib/topology/queries';
import { agentOf } from '@/lib/topology/properties';
import { failingComponents } from '@/lib/topology/summary';
import { agentQueries } from '@/lib/access/agents-queries';

type Props = { params: Promise<{ id: string }> };

/** The wall display's title is the component's name alone, without the product suffix. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const component = (await loadServerQuery(topologyQueries.component(id))).data;
  return { title: { absolute: component ? component.title || component.name : 'Component not found' } };
}

/** The change kinds a component card shows: after one, the wall renders again on the server. */
const CARD_KINDS = ['component', 'check_status', 'check', 'topology', 'incident'];

/**
 * /view/topology/{id}: one component card without the console chrome, for wall displays and embedding: the
 * headline of what is failing, the card across the screen, and its freshness. Rendered on the server alone (a page
 * without data in the browser: no query client), through the state component's twin; kept live after the page has
 * loaded by re-rendering on the server when the change stream names what the card shows.
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
    <div className="flex flex-col gap-[1.5vw] p-[2vw]">
      <ServerState
        result={component}
        empty="Component not found"
        errorTitle="The component could not be loaded"
      >
        {(c) => {
          const failing = failingComponents(c);
          return (
            <>
              <WallHeadline failing={failing.names} count={failing.count} />
              <TopologyCard
                component={c}
                agent={agentOf(c.agent_id, byId)}
                variant="view"
                headingLevel="h1"
                incidentLinks={canOpenRoute(session, '/incidents')}
              />
            </>
          );
        }}
      </ServerState>
      <LazyWallPageRefresh
        // The server's clock, read when the render had the card's data: a failed render keeps the last good time.
        renderedAt={component.data ? Date.now() : undefined}
        kinds={CARD_KINDS}
      />
    </div>
  );
}
