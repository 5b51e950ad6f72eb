import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { cond, pgrst } from '@/lib/backend/postgrest-query';
import { CONFIG_REF, configRefSchema, embed } from '@/lib/backend/refs';
import { labelValueOnlyAsString } from '@/lib/label-containment';
import {
  configOrder,
  RELATIONSHIP_DEPTH,
  type CheckSortColumn,
  type ConfigSortColumn,
  type InsightSortColumn,
} from '@/lib/catalog/constants';

/**
 * Config items of the catalog (PostgREST): the server-paged list, an item's detail, its changes, insights,
 * relationships, checks and playbook runs, and the filter options. The grouped summary and the change feed are POST
 * endpoints in catalog.ts.
 */

const countsSchema = z.record(z.string(), z.number().nullish());
const agentRefSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const configRowSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  config_class: z.string().nullish(),
  status: z.string().nullish(),
  health: z.string().nullish(),
  labels: z.record(z.string(), z.unknown()).nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  delete_reason: z.string().nullish(),
  cost_per_minute: z.number().nullish(),
  cost_total_1d: z.number().nullish(),
  cost_total_7d: z.number().nullish(),
  cost_total_30d: z.number().nullish(),
  changes: z.number().nullish(),
  analysis: countsSchema.nullish(),
  agent: agentRefSchema.nullish(),
});
export type ConfigRow = z.infer<typeof configRowSchema>;

export const CONFIG_LIST_SELECT =
  'id,name,type,config_class,status,health,labels,tags,created_at,updated_at,deleted_at,delete_reason,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis,agent:agents(id,name)';

export interface ConfigListParams {
  configType: string | null;
  search: string;
  status: string | null;
  health: string | null;
  /** `key=value` → 1 include, -1 exclude. */
  labels: Readonly<Record<string, 1 | -1>>;
  /** `key=value` → 1: tags items must have (the Tags filter, from `config_tags`; included only). */
  tags: Readonly<Record<string, 1 | -1>>;
  showDeleted: boolean;
  sortBy: ConfigSortColumn;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/** PostgREST's `*` wildcards and tree separators are not part of a search word. */
const searchWord = (text: string) =>
  text
    .trim()
    .replace(/[*,()"\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Label keys the filter syntax reads as one plain key (no `.`, `->`, separator, quote or space). */
const PLAIN_LABEL_KEY = /^[A-Za-z0-9_/:@+-]+$/;

/**
 * The included `key=value` labels as one JSON object for `labels=cs.{…}` (migration 0353's GIN index answers it), or
 * undefined when none qualifies. Every item the `labels->>key` equalities match contains it, so sent beside them it
 * narrows the rows read without changing the answer; keys the filter syntax would read as a path, and values that
 * could also equal a number, boolean or object's text, are left to the equalities alone.
 */
export function labelContainment(labels: Readonly<Record<string, 1 | -1>>): string | undefined {
  const contained: Record<string, string> = {};
  for (const [id, state] of Object.entries(labels)) {
    const at = id.indexOf('=');
    const key = at === -1 ? id : id.slice(0, at);
    const value = at === -1 ? '' : id.slice(at + 1);
    if (state === 1 && PLAIN_LABEL_KEY.test(key) && !key.includes('->') && labelValueOnlyAsString(value))
      contained[key] = value;
  }
  const keys = Object.keys(contained).sort();
  return keys.length ? JSON.stringify(Object.fromEntries(keys.map((k) => [k, contained[k]]))) : undefined;
}

export function configListEndpoint(p: ConfigListParams): Endpoint<ConfigRow[]> {
  const q = pgrst('configs').select(CONFIG_LIST_SELECT);
  if (p.configType) q.eq('type', p.configType);
  if (p.status) q.eq('status', p.status);
  if (p.health) q.eq('health', p.health);
  const word = searchWord(p.search);
  if (word) {
    const pattern = `*${word}*`;
    q.or(
      cond.ilike('name', pattern),
      cond.ilike('type', pattern),
      cond.ilike('description', pattern),
      cond.ilike('namespace', pattern),
    );
  }
  const labelConditions = Object.entries(p.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, state]) => {
      const at = id.indexOf('=');
      const key = at === -1 ? id : id.slice(0, at);
      const value = at === -1 ? '' : id.slice(at + 1);
      return state === 1
        ? cond.eq(`labels->>${key}`, value)
        : `or(${cond.neq(`labels->>${key}`, value)},${cond.is(`labels->>${key}`, null)})`;
    });
  const tagConditions = Object.keys(p.tags)
    .filter((id) => p.tags[id] === 1)
    .sort()
    .map((id) => {
      const at = id.indexOf('=');
      return cond.eq(`tags->>${id.slice(0, at)}`, id.slice(at + 1));
    });
  if (labelConditions.length || tagConditions.length) q.and(...labelConditions, ...tagConditions);
  const contained = labelContainment(p.labels);
  if (contained) q.param('labels', `cs.${contained}`);
  if (!p.showDeleted) q.is('deleted_at', null);
  q.param('order', configOrder(p.sortBy, p.sortDesc));
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(configRowSchema) };
}

export const configDetailSchema = configRowSchema.extend({
  config: z.unknown().optional(),
  description: z.string().nullish(),
  namespace: z.string().nullish(),
  external_id: z.union([z.string(), z.array(z.string())]).nullish(),
  source: z.string().nullish(),
  agent_id: z.string().nullish(),
  agent_name: z.string().nullish(),
  last_scraped_time: z.string().nullish(),
  properties: z
    .array(
      z.looseObject({
        name: z.string().nullish(),
        text: z.string().nullish(),
        value: z.unknown().optional(),
        unit: z.string().nullish(),
        max: z.number().nullish(),
        min: z.number().nullish(),
      }),
    )
    .nullish(),
  summary: z
    .looseObject({
      changes: z.number().nullish(),
      analysis: z.number().nullish(),
      relationships: z.number().nullish(),
      playbook_runs: z.number().nullish(),
      checks: z.number().nullish(),
    })
    .nullish(),
  // The view's own column (every role); the config_scrapers embed is admin-only and would fail the whole read.
  scraper: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
});
export type ConfigDetail = z.infer<typeof configDetailSchema>;

export function configDetailEndpoint(id: string): Endpoint<ConfigDetail[]> {
  const q = pgrst('config_detail').eq('id', id).select('*');
  return { path: q.toPath(), schema: z.array(configDetailSchema) };
}

/** The config a change or an insight belongs to. */
const CONFIG_EMBED = embed('configs', CONFIG_REF, 'config');

export const changeDetailSchema = z.looseObject({
  id: z.string(),
  config_id: z.string().nullish(),
  change_type: z.string().nullish(),
  severity: z.string().nullish(),
  summary: z.string().nullish(),
  source: z.string().nullish(),
  created_at: z.string().nullish(),
  external_created_by: z.string().nullish(),
  /** A person id: config_changes.created_by has no foreign key to embed through (personEndpoint in lib/access/people-endpoints.ts reads them). */
  created_by: z.string().nullish(),
  diff: z.string().nullish(),
  details: z.unknown().optional(),
  patches: z.unknown().optional(),
  config: configRefSchema.nullish(),
});
export type ChangeDetail = z.infer<typeof changeDetailSchema>;

export function changeDetailEndpoint(id: string): Endpoint<ChangeDetail[]> {
  const q = pgrst('config_changes')
    .eq('id', id)
    .select(
      `id,config_id,change_type,severity,summary,source,created_at,external_created_by,diff,details,patches,created_by,${CONFIG_EMBED}`,
    );
  return { path: q.toPath(), schema: z.array(changeDetailSchema) };
}

export const insightRowSchema = z.looseObject({
  id: z.string(),
  analysis_type: z.string().nullish(),
  analyzer: z.string().nullish(),
  severity: z.string().nullish(),
  status: z.string().nullish(),
  first_observed: z.string().nullish(),
  last_observed: z.string().nullish(),
  config: configRefSchema.nullish(),
});
export type InsightRow = z.infer<typeof insightRowSchema>;

export interface InsightListParams {
  configId: string | null;
  /** Config ids of a topology component (the component lookup); empty matches nothing. */
  configIds: readonly string[] | null;
  configType: string | null;
  status: string | null;
  analysisType: string | null;
  severity: string | null;
  analyzer: string | null;
  sortBy: InsightSortColumn;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

export function insightListEndpoint(p: InsightListParams): Endpoint<InsightRow[]> {
  const q = pgrst('config_analysis_items').select(
    `id,analysis_type,analyzer,severity,status,first_observed,last_observed,${CONFIG_EMBED}`,
  );
  if (p.configId) q.eq('config_id', p.configId);
  if (p.configIds)
    q.in('config_id', p.configIds.length ? p.configIds : ['00000000-0000-0000-0000-000000000000']);
  if (p.configType) q.eq('config_type', p.configType);
  if (p.status) q.eq('status', p.status);
  if (p.analysisType) q.eq('analysis_type', p.analysisType);
  if (p.severity) q.eq('severity', p.severity);
  if (p.analyzer) q.eq('analyzer', p.analyzer);
  q.order(p.sortBy, p.sortDesc ? 'desc' : 'asc')
    .page(p.pageIndex, p.pageSize)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(insightRowSchema) };
}

export const insightDetailSchema = insightRowSchema.extend({
  source: z.string().nullish(),
  message: z.string().nullish(),
  summary: z.string().nullish(),
  analysis: z.unknown().optional(),
});
export type InsightDetail = z.infer<typeof insightDetailSchema>;

export function insightDetailEndpoint(id: string): Endpoint<InsightDetail[]> {
  const q = pgrst('config_analysis')
    .eq('id', id)
    .select(
      `id,source,analyzer,analysis_type,message,summary,severity,status,analysis,first_observed,last_observed,${CONFIG_EMBED}`,
    );
  return { path: q.toPath(), schema: z.array(insightDetailSchema) };
}

/** The config ids behind a topology component (insights' `?component=`). */
export function componentConfigIdsEndpoint(componentId: string): Endpoint<{ id: string }[]> {
  const q = pgrst('rpc/lookup_configs_by_component').param('id', componentId).select('id');
  return { path: q.toPath(), schema: z.array(z.looseObject({ id: z.string() })) };
}

export const relatedConfigSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  related_ids: z.array(z.string()).nullish(),
  tags: z.record(z.string(), z.unknown()).nullish(),
  health: z.string().nullish(),
  status: z.string().nullish(),
  deleted_at: z.string().nullish(),
  changes: z.number().nullish(),
  analysis: countsSchema.nullish(),
  cost_total_30d: z.number().nullish(),
});
export type RelatedConfig = z.infer<typeof relatedConfigSchema>;

export interface RelatedConfigsParams {
  id: string;
  direction: 'incoming' | 'outgoing';
  /** hard only, or hard and soft. */
  relation: 'hard' | 'both';
  includeDeleted: boolean;
}

const directRelationSchema = z.looseObject({
  config_id: z.string(),
  related_id: z.string(),
  relation: z.string().nullish(),
});
export type DirectRelation = z.infer<typeof directRelationSchema>;

/**
 * An item's own relationships, both ways, with their kind (spec 000 §7 `config_relationships`): the Relationships
 * table's Relation column, where the walk (rpc/related_configs_recursive) gives the related items but not how.
 */
export function directRelationsEndpoint(configId: string): Endpoint<DirectRelation[]> {
  const q = pgrst('config_relationships')
    .select('config_id,related_id,relation')
    .or(cond.eq('config_id', configId), cond.eq('related_id', configId))
    .is('deleted_at', null)
    .limit(2000);
  return { path: q.toPath(), schema: z.array(directRelationSchema) };
}

export function relatedConfigsEndpoint(p: RelatedConfigsParams): Endpoint<RelatedConfig[]> {
  const q = pgrst('rpc/related_configs_recursive')
    .param('config_id', p.id)
    .param('type_filter', p.direction)
    .param('include_deleted_configs', String(p.includeDeleted))
    .param('max_depth', String(RELATIONSHIP_DEPTH))
    .param(p.direction === 'incoming' ? 'incoming_relation' : 'outgoing_relation', p.relation);
  return { path: q.toPath(), schema: z.array(relatedConfigSchema) };
}

export const configCheckSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
  canary_name: z.string().nullish(),
  last_runtime: z.string().nullish(),
  last_transition_time: z.string().nullish(),
});
export type ConfigCheck = z.infer<typeof configCheckSchema>;

export interface ConfigChecksParams {
  configId: string;
  sortBy: CheckSortColumn;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/** The checks linked to an item, sorted and paged on the server (ties by name). */
export function configChecksEndpoint(p: ConfigChecksParams): Endpoint<ConfigCheck[]> {
  const q = pgrst('check_summary_for_config')
    .eq('config_id', p.configId)
    .select('id,name,type,status,severity,canary_name,last_runtime,last_transition_time')
    .param('order', `${p.sortBy}.${p.sortDesc ? 'desc' : 'asc'}${p.sortBy === 'name' ? '' : ',name.asc'}`);
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(configCheckSchema) };
}

// Filter options (small distinct lists).

export function configTypesEndpoint(): Endpoint<{ type?: string | null }[]> {
  const q = pgrst('config_types').select('type').order('type', 'asc');
  return { path: q.toPath(), schema: z.array(z.looseObject({ type: z.string().nullish() })) };
}

export function configStatusesEndpoint(): Endpoint<{ status?: string | null }[]> {
  const q = pgrst('config_statuses').select('status').order('status', 'asc');
  return { path: q.toPath(), schema: z.array(z.looseObject({ status: z.string().nullish() })) };
}

export function configLabelsEndpoint(): Endpoint<{ key: string; value?: string | null }[]> {
  const q = pgrst('config_labels').select('key,value').order('key', 'asc').limit(2000);
  return {
    path: q.toPath(),
    schema: z.array(z.looseObject({ key: z.string(), value: z.string().nullish() })),
  };
}

/** The tag `key=value` pairs of live items (spec 000 §7 `config_tags`): the Tags filter's choices. */
export function configTagsEndpoint(): Endpoint<{ key: string; value?: string | null }[]> {
  const q = pgrst('config_tags').select('key,value').order('key', 'asc').order('value', 'asc').limit(2000);
  return {
    path: q.toPath(),
    schema: z.array(z.looseObject({ key: z.string(), value: z.string().nullish() })),
  };
}

export function changeTypesEndpoint(): Endpoint<{ change_type?: string | null }[]> {
  const q = pgrst('change_types')
    .select('change_type')
    .not('change_type', 'eq', '')
    .order('change_type', 'asc');
  return { path: q.toPath(), schema: z.array(z.looseObject({ change_type: z.string().nullish() })) };
}

export function analyzersEndpoint(): Endpoint<{ analyzer?: string | null }[]> {
  const q = pgrst('config_analysis_analyzers').select('analyzer').order('analyzer', 'asc');
  return { path: q.toPath(), schema: z.array(z.looseObject({ analyzer: z.string().nullish() })) };
}
