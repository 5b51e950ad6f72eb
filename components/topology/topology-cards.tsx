'use client';

import * as React from 'react';
import type { Agent } from '@/lib/access';
import type { TopologyComponent } from '@/lib/topology/endpoints';
import { agentOf } from '@/lib/topology/properties';
import { CardGrid } from '@/components/list/card-grid';
import { useAccess } from '@/components/shell/session-provider';
import { EmptyState } from '@/components/shell/empty-state';
import { TopologyCard } from '@/components/topology/topology-card';
import { TopologyCardMenu } from '@/components/topology/topology-card-menu';

export const NO_MATCH_MESSAGE = 'There are no components matching this criteria';

/** The cards of a list in a grid that fills the width, at least the preferred card width each, or the empty state. */
export function TopologyCards({
  components,
  cardWidth,
  agents,
  headingLevel = 'h2',
  label,
}: {
  components: readonly TopologyComponent[];
  cardWidth: number;
  agents: readonly Agent[] | undefined;
  headingLevel?: 'h2' | 'h3';
  label: string;
}) {
  const byId = React.useMemo(() => new Map((agents ?? []).map((a) => [a.id, a])), [agents]);
  const incidentLinks = useAccess().canOpen('/incidents');
  if (components.length === 0) return <EmptyState title={NO_MATCH_MESSAGE} />;
  return (
    <CardGrid as="section" minWidth={cardWidth} label={label} data-card-width={cardWidth}>
      {components.map((c) => (
        <TopologyCard
          key={c.id}
          component={c}
          agent={agentOf(c.agent_id, byId)}
          headingLevel={headingLevel}
          incidentLinks={incidentLinks}
          menu={<TopologyCardMenu componentId={c.id} name={c.title || c.name} />}
        />
      ))}
    </CardGrid>
  );
}
