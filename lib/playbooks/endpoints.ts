import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { cond, encodeQueryValue, pgrst } from '@/lib/backend/postgrest-query';
import { SECRET_MASK } from '@/lib/forms/secret-value';
import type { PLAYBOOK_RUN_SORTS } from '@/lib/playbooks/run-status';

/** Native playbook routes (backend-contract §2.1, §2.8); the tables are read through /db. */

export type PlaybookTarget = { check_id: string } | { config_id: string } | { component_id: string };

export const playbookParameterSchema = z.looseObject({
  name: z.string(),
  default: z.unknown().optional(),
  label: z.string().nullish(),
  required: z.boolean().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  dependsOn: z.array(z.string()).nullish(),
});
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

export const playbookListItemSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  parameters: z.array(playbookParameterSchema).nullish(),
});
export type PlaybookListItem = z.infer<typeof playbookListItemSchema>;

function targetQuery(target: PlaybookTarget): string {
  const [key, value] = Object.entries(target)[0] ?? ['', ''];
  return `${key}=${encodeQueryValue(String(value))}`;
}

/** Playbooks offered for one check, config item or component. */
export function playbookListEndpoint(target: PlaybookTarget): Endpoint<PlaybookListItem[]> {
  return { path: `/playbook/list?${targetQuery(target)}`, schema: z.array(playbookListItemSchema) };
}

export function playbookParamsEndpoint(
  playbookId: string,
  target: Partial<Record<'check_id' | 'config_id' | 'component_id', string>>,
  params?: Record<string, unknown>,
): Endpoint<{ params: PlaybookParameter[] }> {
  return {
    method: 'POST',
    path: `/playbook/${encodeURIComponent(playbookId)}/params`,
    body: { id: playbookId, ...target, ...(params ? { params } : {}) },
    schema: z.looseObject({
      params: z
        .array(playbookParameterSchema)
        .nullish()
        .transform((p) => p ?? []),
    }),
  };
}

export interface RunPlaybookRequest {
  id: string;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  params: Record<string, unknown>;
  agent_id?: string;
}

export const runPlaybookResultSchema = z.looseObject({ run_id: z.string(), starts_at: z.string().nullish() });

export function runPlaybookEndpoint(
  body: RunPlaybookRequest,
): Endpoint<z.infer<typeof runPlaybookResultSchema>> {
  return { method: 'POST', path: '/playbook/run', body, schema: runPlaybookResultSchema };
}

const messageSchema = z.looseObject({ message: z.string().nullish() });

export function approvePlaybookRunEndpoint(runId: string): Endpoint<z.infer<typeof messageSchema>> {
  return {
    method: 'POST',
    path: `/playbook/run/approve/${encodeURIComponent(runId)}`,
    schema: messageSchema,
  };
}

export function cancelPlaybookRunEndpoint(runId: string): Endpoint<z.infer<typeof messageSchema>> {
  return { method: 'POST', path: `/playbook/run/cancel/${encodeURIComponent(runId)}`, schema: messageSchema };
}

// ---- the playbooks screens (issue 18) -------------------------------------------------------------------------------

const personRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
});
const specSchema = z.record(z.string(), z.unknown()).nullish();

export const playbookSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  source: z.string().nullish(),
  spec: specSchema,
  created_at: z.string().nullish(),
  /** Who created it (spec 000 §3 Playbook.created_by): null for playbooks that came from a source, not a person. */
  created_by: personRefSchema.nullish(),
});
export type Playbook = z.infer<typeof playbookSchema>;

const PLAYBOOK_COLUMNS =
  'id,name,namespace,title,icon,description,category,source,spec,created_at,created_by(id,name,avatar)';

/** Every live playbook with its spec (the action kinds and runnable resources come from it). */
export function playbooksEndpoint(): Endpoint<Playbook[]> {
  const q = pgrst('playbooks')
    .select(PLAYBOOK_COLUMNS)
    .is('deleted_at', null)
    .param('order', 'title.asc,name.asc');
  return { path: q.toPath(), schema: z.array(playbookSchema) };
}

export function playbookEndpoint(id: string): Endpoint<Playbook[]> {
  const q = pgrst('playbooks').select(PLAYBOOK_COLUMNS).eq('id', id).is('deleted_at', null);
  return { path: q.toPath(), schema: z.array(playbookSchema) };
}

export const recentRunSchema = z.looseObject({
  playbook_id: z.string(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type RecentRun = z.infer<typeof recentRunSchema>;

/** Top-level runs since an instant, newest first (the cards' run counts and last status). */
export function recentPlaybookRunsEndpoint(sinceIso: string): Endpoint<RecentRun[]> {
  const q = pgrst('playbook_runs')
    .select('playbook_id,status,created_at')
    .is('parent_id', null)
    .gte('created_at', sinceIso)
    .order('created_at', 'desc')
    .limit(2000);
  return { path: q.toPath(), schema: z.array(recentRunSchema) };
}

export interface PlaybookWrite {
  name: string;
  title: string;
  icon: string;
  category: string;
  description?: string;
  spec: Record<string, unknown>;
}

export function createPlaybookEndpoint(body: PlaybookWrite): Endpoint<Playbook[]> {
  return {
    method: 'POST',
    path: pgrst('playbooks').select(PLAYBOOK_COLUMNS).toPath(),
    headers: { prefer: 'return=representation' },
    body,
    schema: z.array(playbookSchema),
  };
}

export function updatePlaybookEndpoint(id: string, body: Partial<PlaybookWrite>): Endpoint<Playbook[]> {
  return {
    method: 'PATCH',
    path: pgrst('playbooks').eq('id', id).select(PLAYBOOK_COLUMNS).toPath(),
    headers: { prefer: 'return=representation' },
    body,
    schema: z.array(playbookSchema),
  };
}

/** Soft delete (spec 000 §4): `deleted_at` becomes the server's now. */
export function deletePlaybookEndpoint(id: string): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('playbooks').eq('id', id).toPath(),
    body: { deleted_at: 'now()' },
    schema: z.unknown(),
  };
}

export const playbookRunSchema = z.looseObject({
  id: z.string(),
  playbook_id: z.string().nullish(),
  parent_id: z.string().nullish(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  scheduled_time: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  error: z.string().nullish(),
  parameters: z.record(z.string(), z.unknown()).nullish(),
  spec: specSchema,
  component_id: z.string().nullish(),
  config_id: z.string().nullish(),
  check_id: z.string().nullish(),
  notification_send_id: z.string().nullish(),
  created_by: personRefSchema.nullish(),
  playbooks: z
    .looseObject({
      id: z.string(),
      name: z.string().nullish(),
      title: z.string().nullish(),
      icon: z.string().nullish(),
    })
    .nullish(),
  component: z
    .looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() })
    .nullish(),
  config: z
    .looseObject({
      id: z.string(),
      name: z.string().nullish(),
      type: z.string().nullish(),
      config_class: z.string().nullish(),
    })
    .nullish(),
  check: z.looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() }).nullish(),
  playbook_approvals: z
    .array(
      z.looseObject({
        id: z.string().nullish(),
        created_at: z.string().nullish(),
        person_id: personRefSchema.nullish(),
        team_id: z
          .looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() })
          .nullish(),
      }),
    )
    .nullish(),
});
export type PlaybookRun = z.infer<typeof playbookRunSchema>;

const RUN_EMBEDS =
  'created_by(id,name,avatar),playbooks(id,name,title,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)';
const RUN_LIST_COLUMNS = `id,playbook_id,status,created_at,scheduled_time,start_time,end_time,error,component_id,config_id,check_id,${RUN_EMBEDS}`;

export type PlaybookRunSort = (typeof PLAYBOOK_RUN_SORTS)[number];

export interface PlaybookRunsParams {
  playbookId: string | null;
  status: string | null;
  /** The window (ISO instants, either may be open) matched by start or, for runs not started yet, creation. */
  from: string | null;
  to: string | null;
  /** The runs on one resource (a catalog item's tab, a component's or a check's panel). */
  componentId?: string | null;
  configId?: string | null;
  checkId?: string | null;
  sortBy: PlaybookRunSort;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/**
 * One page of top-level runs with its total, the one list read of runs: /playbooks/runs filters it by playbook,
 * status and window, a catalog item, component or check by its id. The sort is the table's (upstream always sent
 * created_at.desc).
 */
export function playbookRunsEndpoint(p: PlaybookRunsParams): Endpoint<PlaybookRun[]> {
  const q = pgrst('playbook_runs').select(RUN_LIST_COLUMNS).is('parent_id', null);
  if (p.playbookId) q.eq('playbook_id', p.playbookId);
  if (p.status) q.eq('status', p.status);
  if (p.componentId) q.eq('component_id', p.componentId);
  if (p.configId) q.eq('config_id', p.configId);
  if (p.checkId) q.eq('check_id', p.checkId);
  if (p.from || p.to) {
    const window = (column: string) => [
      ...(p.from ? [cond.gte(column, p.from)] : []),
      ...(p.to ? [cond.lte(column, p.to)] : []),
    ];
    q.or(cond.and(...window('start_time')), cond.and(...window('created_at')));
  }
  // One order parameter (a second one would be ignored): the sort, then id so that pages never overlap.
  q.param('order', `${p.sortBy}.${p.sortDesc ? 'desc' : 'asc'}.nullslast,id.desc`);
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(playbookRunSchema) };
}

/** A run with its child runs (one request), their approvals, resources and who started them. */
export function playbookRunEndpoint(id: string): Endpoint<PlaybookRun[]> {
  const q = pgrst('playbook_runs')
    .or(cond.eq('id', id), cond.eq('parent_id', id))
    .select(
      `*,${RUN_EMBEDS.replace('playbooks(id,name,title,icon)', 'playbooks(id,name,title,icon,spec)')},playbook_approvals(id,created_at,person_id(id,name,avatar),team_id(id,name,icon))`,
    )
    .order('created_at', 'asc');
  return { path: q.toPath(), schema: z.array(playbookRunSchema) };
}

export const artifactSchema = z.looseObject({
  id: z.string(),
  filename: z.string(),
  path: z.string().nullish(),
  content_type: z.string().nullish(),
  size: z.number().nullish(),
  created_at: z.string().nullish(),
});
export type Artifact = z.infer<typeof artifactSchema>;

export const runActionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  playbook_run_id: z.string().nullish(),
  status: z.string().nullish(),
  scheduled_time: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  result: z.unknown().optional(),
  retry_count: z.number().nullish(),
  agent: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
  /** The rows for who may read `artifact`; the mask when there are some the caller may not see (lib/playbooks/README.md). */
  artifacts: z.union([z.array(artifactSchema), z.literal(SECRET_MASK)]).nullish(),
});
export type RunAction = z.infer<typeof runActionSchema>;

/** The actions of a run and its children in order, with their artifacts (rpc/get_playbook_run_actions). */
export function playbookRunActionsEndpoint(runId: string): Endpoint<RunAction[]> {
  return {
    path: `/db/rpc/get_playbook_run_actions?run_id=${encodeQueryValue(runId)}`,
    schema: z.array(runActionSchema),
  };
}

export const actionErrorSchema = z.looseObject({ id: z.string(), error: z.string().nullish() });

/** The errors of failed actions (the rpc has no error column). */
export function playbookRunActionErrorsEndpoint(
  runIds: readonly string[],
): Endpoint<z.infer<typeof actionErrorSchema>[]> {
  const q = pgrst('playbook_run_actions')
    .select('id,error')
    .in('playbook_run_id', runIds)
    .not('error', 'is', null);
  return { path: q.toPath(), schema: z.array(actionErrorSchema) };
}

export const namedRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
  icon: z.string().nullish(),
});
export type NamedRef = z.infer<typeof namedRefSchema>;

/** Teams to pick from (team parameters) or to name (a run's parameters). */
export function teamsEndpoint(ids?: readonly string[]): Endpoint<NamedRef[]> {
  const q = pgrst('teams').select('id,name,icon').is('deleted_at', null).order('name', 'asc');
  if (ids) q.in('id', ids);
  return { path: q.toPath(), schema: z.array(namedRefSchema) };
}

/** A JSON schema the backend serves (GET /schemas/{file}), named by a code parameter's `jsonSchemaUrl`. */
export function parameterSchemaEndpoint(file: string): Endpoint<Record<string, unknown>> {
  return { path: `/schemas/${encodeURIComponent(file)}`, schema: z.record(z.string(), z.unknown()) };
}

/** The playbook spec's JSON schema (GET /schemas/playbook-spec.schema.json), for the spec editor's completion and lint. */
export function playbookSpecSchemaEndpoint(): Endpoint<Record<string, unknown>> {
  return { path: '/schemas/playbook-spec.schema.json', schema: z.record(z.string(), z.unknown()) };
}
