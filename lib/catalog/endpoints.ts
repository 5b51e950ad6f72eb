import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { MANUAL_SELECTOR_ID } from '@/lib/constants';

/** Catalog queries that take their filters in a POST body (backend-contract §2.5, §2.6, §2.7). */

export interface CatalogSummaryRequest {
  groupBy?: string[];
  deleted?: boolean;
  filter?: Record<string, string>;
  health?: string;
  status?: string;
  changes?: { since: string };
  analysis?: { since: string };
  cost?: '1h' | '1d' | '30d';
  tags?: string[];
}

export const catalogSummaryRowSchema = z.looseObject({
  type: z.string().nullish(),
  health: z.record(z.string(), z.number()).nullish(),
  count: z.number().nullish(),
  changes: z.number().nullish(),
  analysis: z.record(z.string(), z.number()).nullish(),
  cost_30d: z.number().nullish(),
  cost_per_minute: z.number().nullish(),
  cost_total_1d: z.number().nullish(),
  cost_total_7d: z.number().nullish(),
  cost_total_30d: z.number().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type CatalogSummaryRow = z.infer<typeof catalogSummaryRowSchema>;

export function catalogSummaryEndpoint(body: CatalogSummaryRequest): Endpoint<CatalogSummaryRow[]> {
  return { method: 'POST', path: '/catalog/summary', body, schema: z.array(catalogSummaryRowSchema) };
}

export interface CatalogChangesRequest {
  id?: string;
  config_type?: string;
  type?: string;
  severity?: string;
  from?: string;
  to?: string;
  tags?: string;
  page?: number;
  page_size?: number;
  sort_by?: string;
  recursive?: 'upstream' | 'downstream' | 'none' | 'all';
  depth?: number;
  include_deleted_configs?: boolean;
}

export const catalogChangeSchema = z.looseObject({
  id: z.string(),
  config_id: z.string().nullish(),
  change_type: z.string().nullish(),
  severity: z.string().nullish(),
  source: z.string().nullish(),
  summary: z.string().nullish(),
  created_at: z.string().nullish(),
  count: z.number().nullish(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
  deleted_at: z.string().nullish(),
  first_observed: z.string().nullish(),
  created_by: z.string().nullish(),
  external_created_by: z.string().nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
});
export type CatalogChange = z.infer<typeof catalogChangeSchema>;

export const catalogChangesSchema = z.looseObject({
  summary: z.record(z.string(), z.number()).nullish(),
  total: z.number().nullish(),
  changes: z.array(catalogChangeSchema).nullish(),
});
export type CatalogChanges = z.infer<typeof catalogChangesSchema>;

export function catalogChangesEndpoint(body: CatalogChangesRequest): Endpoint<CatalogChanges> {
  return { method: 'POST', path: '/catalog/changes', body, schema: catalogChangesSchema };
}

const searchHitSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  agent: z.string().nullish(),
  tags: z.unknown().optional(),
});
export type ResourceSearchHit = z.infer<typeof searchHitSchema>;

export const resourceSearchSchema = z.looseObject({
  checks: z.array(searchHitSchema).nullish(),
  components: z.array(searchHitSchema).nullish(),
  configs: z.array(searchHitSchema).nullish(),
});
export type ResourceSearch = z.infer<typeof resourceSearchSchema>;

/** A resource selector's fields (backend-contract §2.7: types, statuses, name, namespace, labelSelector, …). */
export type ResourceSelectorFilter = Record<string, unknown>;

/**
 * The spec UI sends `{agent: 'all', search}` for each kind it wants; `filters` narrow a kind to what matches any of
 * its selectors (a playbook parameter's `filter`).
 */
export function resourceSearchEndpoint(
  search: string,
  kinds: ReadonlyArray<'checks' | 'components' | 'configs'>,
  limit = 10,
  filters?: Partial<Record<'checks' | 'components' | 'configs', readonly ResourceSelectorFilter[]>>,
): Endpoint<ResourceSearch> {
  const body: Record<string, unknown> = { limit };
  for (const kind of kinds) {
    const selectors = filters?.[kind]?.length ? filters[kind] : [{}];
    body[kind] = selectors.map((selector) => ({ agent: 'all', ...selector, search }));
  }
  return { method: 'POST', path: '/resources/search', body, schema: resourceSearchSchema };
}

// Configs linked to topology components (config_component_relationships), and the config search of the link dialog.

/** The embed names the FK explicitly because configs is a view over config_items (upstream §2.2). */
export const COMPONENT_CONFIGS_SELECT =
  '*,configs!config_component_relationships_config_id_fkey(id,type,name,config_class,deleted_at)';

const configRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
  deleted_at: z.string().nullish(),
});
export type ConfigRef = z.infer<typeof configRefSchema>;

export const componentConfigLinkSchema = z.looseObject({
  component_id: z.string(),
  config_id: z.string(),
  selector_id: z.string().nullish(),
  configs: configRefSchema.nullish(),
});
export type ComponentConfigLink = z.infer<typeof componentConfigLinkSchema>;

export function componentConfigsEndpoint(componentId: string): Endpoint<ComponentConfigLink[]> {
  const q = pgrst('config_component_relationships')
    .eq('component_id', componentId)
    .is('deleted_at', null)
    .select(COMPONENT_CONFIGS_SELECT);
  return { path: q.toPath(), schema: z.array(componentConfigLinkSchema) };
}

/** Configs matching a search term, for the link dialog; bounded instead of upstream's fetch-everything. */
export function configSearchEndpoint(term: string, limit = 20): Endpoint<ConfigRef[]> {
  const q = pgrst('configs')
    .select('id,name,config_class,type')
    .is('deleted_at', null)
    .order('name', 'asc')
    .limit(limit);
  const trimmed = term
    .trim()
    .replace(/[*,()]/g, ' ')
    .trim();
  if (trimmed) q.ilike('name', `*${trimmed}*`);
  return { path: q.toPath(), schema: z.array(configRefSchema) };
}

export function linkConfigEndpoint(componentId: string, configId: string): Endpoint<unknown> {
  return {
    method: 'POST',
    path: pgrst('config_component_relationships').toPath(),
    body: { component_id: componentId, config_id: configId, selector_id: MANUAL_SELECTOR_ID },
    schema: z.unknown(),
  };
}

export function unlinkConfigEndpoint(componentId: string, configId: string): Endpoint<unknown> {
  const q = pgrst('config_component_relationships')
    .eq('component_id', componentId)
    .eq('config_id', configId)
    .eq('selector_id', MANUAL_SELECTOR_ID);
  return { method: 'DELETE', path: q.toPath(), schema: z.unknown() };
}

/** A config item found by the source it was scraped from (a linked resource's note). */
export const configBySourceSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });
export type ConfigBySource = z.infer<typeof configBySourceSchema>;

/** 001 §7 "get catalog item by source id": the live item whose `source` is the given text, if any. */
export function configBySourceEndpoint(source: string): Endpoint<ConfigBySource[]> {
  const q = pgrst('config_items').select('id,name').eq('source', source).is('deleted_at', null).limit(1);
  return { path: q.toPath(), schema: z.array(configBySourceSchema) };
}
