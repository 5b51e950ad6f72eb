import type { TopologyComponent } from '@/lib/topology/endpoints';
import { formatCost, formatProperties, type FormattedProperty } from '@/lib/topology/properties';

/** What the Details section shows of a component, prepared on the server so the panel ships no formatters. */
export interface ComponentDetailsModel {
  topologyId?: string;
  description?: string;
  owner?: string;
  lifecycle?: string;
  type?: string;
  labels: Array<[string, string]>;
  properties: FormattedProperty[];
  costs: Array<[string, string]>;
}

const COSTS = [
  ['cost_per_minute', 'Per minute'],
  ['cost_total_1d', 'Last day'],
  ['cost_total_7d', 'Last 7 days'],
  ['cost_total_30d', 'Last 30 days'],
] as const;

export function componentDetails(c: TopologyComponent): ComponentDetailsModel {
  const out: ComponentDetailsModel = {
    labels: Object.entries(c.labels ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    properties: formatProperties(c.properties),
    costs: COSTS.map(([key, label]) => [label, formatCost(c[key])] as [string, string]).filter(
      ([, v]) => v !== '',
    ),
  };
  if (c.topology_id) out.topologyId = c.topology_id;
  if (c.description) out.description = c.description;
  if (c.owner) out.owner = c.owner;
  if (c.lifecycle) out.lifecycle = c.lifecycle;
  if (c.type) out.type = c.type;
  return out;
}
