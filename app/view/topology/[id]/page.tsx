import type { Metadata } from 'next';
import { EmptyState } from '@/components/shell/empty-state';
import { LoadError } from '@/components/topology/load-error';
import { TopologyCard } from '@/components/topology/topology-card';
import { requireRouteAccess } from '@/lib/auth/server';
import { getPreferences } from '@/lib/preferences/server';
import { agentNameFor } from '@/lib/topology/properties';
import { loadAgents, loadComponent } from '@/lib/topology/server';

type Props = { params: Promise<{ id: string }> };

/** The wall display's title is the component's name alone, without the product suffix. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const component = (await loadComponent(id)).data;
  return { title: { absolute: component ? component.title || component.name : 'Component not found' } };
}

/** /view/topology/{id}: one component card without the console chrome, for wall displays and embedding. */
export default async function TopologyCardView({ params }: Props) {
  await requireRouteAccess('/view/topology/[id]');
  const { id } = await params;
  const [loaded, agents, preferences] = await Promise.all([loadComponent(id), loadAgents(), getPreferences()]);
  if (!loaded.ok) return <LoadError error={loaded.error} title="The component could not be loaded" />;
  const component = loaded.data;
  if (!component) return <EmptyState title="Component not found" />;
  const byId = new Map(agents.map((a) => [a.id, a]));
  return (
    <div className="flex justify-center p-4">
      <TopologyCard
        component={component}
        width={preferences.cardWidth}
        agentName={agentNameFor(component.agent_id, byId)}
        variant="view"
        headingLevel="h1"
      />
    </div>
  );
}
