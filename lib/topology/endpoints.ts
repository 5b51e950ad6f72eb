import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { encodeQueryValue, pgrst } from '@/lib/backend/postgrest-query';

/**
 * Topology calls (upstream-ui §2.1–2.2, backend-contract §2.4): the component tree from canary-checker, labels,
 * names, a topology's details and a component's checks. The side panel's other reads live with their resources.
 */

const propertyLinkSchema = z.looseObject({
  type: z.string().nullish(),
  url: z.string().nullish(),
  text: z.string().nullish(),
  label: z.string().nullish(),
  icon: z.string().nullish(),
});

export const componentPropertySchema = z.looseObject({
  name: z.string().nullish(),
  label: z.string().nullish(),
  text: z.string().nullish(),
  value: z.union([z.number(), z.string()]).nullish(),
  unit: z.string().nullish(),
  icon: z.string().nullish(),
  type: z.string().nullish(),
  color: z.string().nullish(),
  tooltip: z.string().nullish(),
  headline: z.boolean().nullish(),
  max: z.number().nullish(),
  min: z.number().nullish(),
  links: z.array(propertyLinkSchema).nullish(),
});
export type ComponentProperty = z.infer<typeof componentPropertySchema>;

/** `{type: {severity: n}}` (incidents, insights) or `{status: n}` (checks); both are nested counters. */
const nestedCountsSchema = z.record(z.string(), z.union([z.number(), z.record(z.string(), z.number())]));

export const componentSummarySchema = z.looseObject({
  healthy: z.number().nullish(),
  unhealthy: z.number().nullish(),
  warning: z.number().nullish(),
  unknown: z.number().nullish(),
  info: z.number().nullish(),
  incidents: nestedCountsSchema.nullish(),
  insights: nestedCountsSchema.nullish(),
  checks: nestedCountsSchema.nullish(),
});
export type ComponentSummary = z.infer<typeof componentSummarySchema>;

const costSchema = z.union([z.number(), z.string()]).nullish();

export interface TopologyComponent {
  id: string;
  name: string;
  title?: string | null;
  text?: string | null;
  icon?: string | null;
  type?: string | null;
  status?: string | null;
  status_reason?: string | null;
  description?: string | null;
  owner?: string | null;
  /** Team names (team_components), as the tree endpoint sends them. */
  teams?: string[] | null;
  labels?: Record<string, string> | null;
  properties?: ComponentProperty[] | null;
  summary?: ComponentSummary | null;
  topology_id?: string | null;
  agent_id?: string | null;
  parent_id?: string | null;
  hidden?: boolean | null;
  path?: string | null;
  lifecycle?: string | null;
  cost_per_minute?: number | string | null;
  cost_total_1d?: number | string | null;
  cost_total_7d?: number | string | null;
  cost_total_30d?: number | string | null;
  created_at?: string | null;
  updated_at?: string | null;
  components?: TopologyComponent[] | null;
}

export const topologyComponentSchema: z.ZodType<TopologyComponent> = z.lazy(() =>
  z.looseObject({
    id: z.string(),
    name: z.string().catch(''),
    title: z.string().nullish(),
    text: z.string().nullish(),
    icon: z.string().nullish(),
    type: z.string().nullish(),
    status: z.string().nullish(),
    status_reason: z.string().nullish(),
    description: z.string().nullish(),
    owner: z.string().nullish(),
    teams: z.array(z.string()).nullish().catch(null),
    // Label values arrive as text; anything else is dropped rather than failing the whole tree.
    labels: z
      .record(z.string(), z.unknown())
      .nullish()
      .transform((l) => (l ? stringRecord(l) : l)),
    properties: z.array(componentPropertySchema).nullish().catch(null),
    summary: componentSummarySchema.nullish().catch(null),
    topology_id: z.string().nullish(),
    agent_id: z.string().nullish(),
    parent_id: z.string().nullish(),
    hidden: z.boolean().nullish(),
    path: z.string().nullish(),
    lifecycle: z.string().nullish(),
    cost_per_minute: costSchema,
    cost_total_1d: costSchema,
    cost_total_7d: costSchema,
    cost_total_30d: costSchema,
    created_at: z.string().nullish(),
    updated_at: z.string().nullish(),
    components: z.array(topologyComponentSchema).nullish(),
  }),
);

function stringRecord(value: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value))
    if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  return out;
}

export const topologyTreeSchema = z.looseObject({
  components: z.array(topologyComponentSchema).nullish(),
  healthStatuses: z.array(z.string()).nullish(),
  teams: z.array(z.string()).nullish(),
  tags: z.record(z.string(), z.array(z.string())).nullish(),
  types: z.array(z.string()).nullish(),
});
export type TopologyTree = z.infer<typeof topologyTreeSchema>;

/** The sort keys the backend understands (name, status, field:<property>); the others are applied by the console. */
export function backendSortBy(sortBy: string): string | undefined {
  return sortBy === 'name' || sortBy === 'status' || (sortBy.startsWith('field:') && sortBy.length > 6)
    ? sortBy
    : undefined;
}

export interface TopologyTreeParams {
  id?: string;
  status?: string;
  type?: string;
  team?: string;
  /** `key=value`. */
  labels?: string;
  agentId?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  /** false sends `hidden=false` (the 'show hidden components' preference is off). */
  showHidden?: boolean;
}

/**
 * GET /canary/api/topology with the query upstream sent: filters only when chosen, `flatten=true` only with a
 * type, `hidden=false` only when hidden components are not shown.
 */
export function topologyTreeEndpoint(params: TopologyTreeParams = {}): Endpoint<TopologyTree> {
  const query: string[] = [];
  const add = (key: string, value: string | undefined) => {
    if (value !== undefined && value !== '') query.push(`${key}=${encodeQueryValue(value)}`);
  };
  add('id', params.id);
  add('status', params.status);
  add('type', params.type);
  add('team', params.team);
  add('labels', params.labels);
  // Sort keys the backend rejects (type, updated_at) are applied by the console alone.
  const sortBy = params.sortBy ? backendSortBy(params.sortBy) : undefined;
  add('sortBy', sortBy);
  if (sortBy) add('sortOrder', params.sortOrder);
  if (params.type) add('flatten', 'true');
  if (params.showHidden === false) add('hidden', 'false');
  add('agent_id', params.agentId);
  return {
    path: `/canary/api/topology${query.length ? `?${query.join('&')}` : ''}`,
    schema: topologyTreeSchema,
  };
}

export const componentLabelSchema = z.looseObject({ key: z.string(), value: z.string().nullish() });
export type ComponentLabel = z.infer<typeof componentLabelSchema>;

export function componentLabelsEndpoint(): Endpoint<ComponentLabel[]> {
  return { path: pgrst('component_labels').toPath(), schema: z.array(componentLabelSchema) };
}

export const componentNameSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  icon: z.string().nullish(),
  type: z.string().nullish(),
});
export type ComponentName = z.infer<typeof componentNameSchema>;

/** Names of the components of a breadcrumb path, in one call. */
export function componentNamesEndpoint(ids: readonly string[]): Endpoint<ComponentName[]> {
  const q = pgrst('component_names').select('id,name,icon,type').in('id', ids);
  return { path: q.toPath(), schema: z.array(componentNameSchema) };
}

/**
 * 001 §7 "get topology component by source id". Components have no `source` column (the embedded schema follows
 * duty's): their id in the system they come from is `external_id`, so that is what a source id is matched on.
 */
export function componentBySourceEndpoint(source: string): Endpoint<ComponentName[]> {
  const q = pgrst('components')
    .select('id,name,icon,type')
    .eq('external_id', source)
    .is('deleted_at', null)
    .limit(1);
  return { path: q.toPath(), schema: z.array(componentNameSchema) };
}

export const topologyDetailsSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  schedule: z.string().nullish(),
  spec: z.unknown().optional(),
  labels: z.record(z.string(), z.unknown()).nullish(),
});
export type TopologyDetails = z.infer<typeof topologyDetailsSchema>;

export function topologyDetailsEndpoint(topologyId: string): Endpoint<TopologyDetails[]> {
  const q = pgrst('topologies').eq('id', topologyId).select('id,name,namespace,source,schedule,spec,labels');
  return { path: q.toPath(), schema: z.array(topologyDetailsSchema) };
}

export const componentCheckSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
});
export type ComponentCheck = z.infer<typeof componentCheckSchema>;

export function componentChecksEndpoint(componentId: string): Endpoint<ComponentCheck[]> {
  const q = pgrst('checks_by_component').eq('component_id', componentId).order('name', 'asc');
  return { path: q.toPath(), schema: z.array(componentCheckSchema) };
}
