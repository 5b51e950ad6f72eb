import type { Agent, TopologyComponent } from '@/lib/backend/endpoints/topology';
import { agentNameFor } from '@/lib/topology/properties';
import { EmptyState } from '@/components/shell/empty-state';
import { TopologyCard } from '@/components/topology/topology-card';
import { TopologyCardMenu } from '@/components/topology/topology-card-menu';

export const NO_MATCH_MESSAGE = 'There are no components matching this criteria';

/** The cards of a list, wrapped at the preferred card width, or the empty state. */
export function TopologyCardGrid({
  components,
  cardWidth,
  agents,
  headingLevel = 'h2',
  label,
}: {
  components: readonly TopologyComponent[];
  cardWidth: number;
  agents: readonly Agent[];
  headingLevel?: 'h2' | 'h3';
  label: string;
}) {
  if (components.length === 0) return <EmptyState title={NO_MATCH_MESSAGE} />;
  const byId = new Map(agents.map((a) => [a.id, a]));
  return (
    <section aria-label={label} className="flex flex-wrap items-start gap-4" data-card-width={cardWidth}>
      {components.map((c) => (
        <TopologyCard
          key={c.id}
          component={c}
          width={cardWidth}
          agentName={agentNameFor(c.agent_id, byId)}
          headingLevel={headingLevel}
          menu={<TopologyCardMenu componentId={c.id} name={c.title || c.name} />}
        />
      ))}
    </section>
  );
}
