import { z } from 'zod';
import type { Endpoint, SortedPageParams } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { CONFIG_REF, embed, PERSON_REF, TEAM_REF } from '@/lib/backend/refs';
import {
  resourceNamesEndpoint,
  type NamedResourceKind,
  type ResourceName,
} from '@/lib/backend/endpoints/resource-names';

/**
 * Notifications (backend-contract §2.9, upstream-ui §2.6): the send history, the rules, the silences and the
 * silence preview. Silences are created through POST /notification/silence; editing and deleting them is plain /db.
 */

// ---- send history -------------------------------------------------------------------------------------------

const sendResourceSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  icon: z.string().nullish(),
  config_class: z.string().nullish(),
  namespace: z.string().nullish(),
  deleted_at: z.string().nullish(),
});
const namedSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const notificationSendSchema = z.looseObject({
  id: z.string(),
  notification_id: z.string().nullish(),
  status: z.string().nullish(),
  source_event: z.string().nullish(),
  resource_type: z.string().nullish(),
  resource_id: z.string().nullish(),
  resource: sendResourceSchema.nullish(),
  count: z.number().nullish(),
  first_observed: z.string().nullish(),
  created_at: z.string(),
  error: z.string().nullish(),
  duration_millis: z.number().nullish(),
  silenced_by: z.string().nullish(),
  playbook_run_id: z.string().nullish(),
  playbook_run: z
    .looseObject({
      id: z.string(),
      playbook_id: z.string().nullish(),
      status: z.string().nullish(),
      playbook_name: z.string().nullish(),
    })
    .nullish(),
  notification: namedSchema.nullish(),
  person: namedSchema.nullish(),
  team: namedSchema.nullish(),
  connection: z
    .looseObject({ id: z.string(), name: z.string().nullish(), type: z.string().nullish() })
    .nullish(),
  body: z.string().nullish(),
});
export type NotificationSend = z.infer<typeof notificationSendSchema>;

export interface SendHistoryParams extends SortedPageParams {
  resourceType: string | null;
  status: string | null;
  /** Part of the resource's name. */
  search: string;
  /** ISO instants of the time range; null = open on that side. */
  from: string | null;
  to: string | null;
}

const SEND_SELECT = `id,notification_id,status,source_event,resource_type,resource_id,resource,count,first_observed,created_at,error,duration_millis,silenced_by,playbook_run_id,playbook_run,notification:notification_id(id,name),${embed('person_id', PERSON_REF, 'person')},${embed('team_id', TEAM_REF, 'team')},connection:connection_id(id,name,type)`;

/** A page of the send history, newest first unless sorted otherwise (the body is read with the details). */
export function sendHistoryEndpoint(p: SendHistoryParams): Endpoint<NotificationSend[]> {
  const q = pgrst('notification_send_history_summary').select(SEND_SELECT);
  if (p.resourceType) q.filter('resource_type', [p.resourceType]);
  if (p.status) q.filter('status', [p.status]);
  if (p.search) q.ilike('resource->>name', `*${p.search}*`);
  if (p.from) q.gte('created_at', p.from);
  if (p.to) q.lte('created_at', p.to);
  const direction = p.sortBy ? (p.sortDesc ? 'desc' : 'asc') : 'desc';
  // One order parameter (PostgREST reads only one): the newest first among equal values.
  const column = p.sortBy ?? 'created_at';
  q.param(
    'order',
    column === 'created_at' ? `created_at.${direction}` : `${column}.${direction},created_at.desc`,
  );
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(notificationSendSchema) };
}

/** One send with its body (the details dialog). */
export function sendEndpoint(id: string): Endpoint<NotificationSend[]> {
  const q = pgrst('notification_send_history_summary').select(`${SEND_SELECT},body`).eq('id', id);
  return { path: q.toPath(), schema: z.array(notificationSendSchema) };
}

// ---- rules --------------------------------------------------------------------------------------------------

export const notificationRuleSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  events: z.array(z.string()).nullish(),
  filter: z.string().nullish(),
  title: z.string().nullish(),
  template: z.string().nullish(),
  person_id: z.string().nullish(),
  team_id: z.string().nullish(),
  playbook_id: z.string().nullish(),
  custom_services: z.unknown().nullish(),
  properties: z.unknown().nullish(),
  repeat_interval: z.string().nullish(),
  wait_for: z.number().nullish(),
  group_by: z.array(z.string()).nullish(),
  pending: z.number().nullish(),
  failed: z.number().nullish(),
  sent: z.number().nullish(),
  avg_duration_ms: z.number().nullish(),
  most_common_error: z.string().nullish(),
  error: z.string().nullish(),
  job_status: z.string().nullish(),
  job_details: z.unknown().nullish(),
  source: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  person: namedSchema.nullish(),
  team: namedSchema.nullish(),
  created_by: namedSchema.nullish(),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

export type RulesListParams = SortedPageParams;

const RULE_SELECT = `*,${embed('person_id', PERSON_REF, 'person')},${embed('team_id', TEAM_REF, 'team')},${embed('created_by', PERSON_REF)}`;

export function rulesEndpoint(p: RulesListParams): Endpoint<NotificationRule[]> {
  const q = pgrst('notifications_summary').select(RULE_SELECT);
  q.order(p.sortBy ?? 'created_at', p.sortBy ? (p.sortDesc ? 'desc' : 'asc') : 'desc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(notificationRuleSchema) };
}

/** One rule (a deep link `?id=` to a rule not on the current page). */
export function ruleEndpoint(id: string): Endpoint<NotificationRule[]> {
  return {
    path: pgrst('notifications_summary').select(RULE_SELECT).eq('id', id).toPath(),
    schema: z.array(notificationRuleSchema),
  };
}

export const recipientOptionSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  type: z.string().nullish(),
  title: z.string().nullish(),
});
export type RecipientOption = z.infer<typeof recipientOptionSchema>;

/** The people, teams, playbooks or notification connections a rule can send to, by name. */
export function recipientOptionsEndpoint(
  kind: 'person' | 'team' | 'playbook' | 'connection',
  connectionTypes: readonly string[] = [],
): Endpoint<RecipientOption[]> {
  const q =
    kind === 'person'
      ? pgrst('people').select('id,name').is('deleted_at', null)
      : kind === 'team'
        ? pgrst('teams').select('id,name').is('deleted_at', null)
        : kind === 'playbook'
          ? pgrst('playbook_names').select('id,name,title,namespace')
          : pgrst('connections')
              .select('id,name,namespace,type')
              .is('deleted_at', null)
              .in('type', connectionTypes);
  q.order('name', 'asc').limit(500);
  return { path: q.toPath(), schema: z.array(recipientOptionSchema) };
}

/** The views of label keys a rule can group by (upstream's group-by dropdown): `tag:<k>` and `label:<k>` keys. */
export const GROUP_BY_KEY_VIEWS = [
  'config_tags_labels_keys',
  'component_labels_keys',
  'checks_labels_keys',
] as const;
export type GroupByKeyView = (typeof GROUP_BY_KEY_VIEWS)[number];

export function groupByKeysEndpoint(view: GroupByKeyView): Endpoint<{ key: string }[]> {
  return {
    path: pgrst(view).select('key').order('key', 'asc').limit(1000).toPath(),
    schema: z.array(z.looseObject({ key: z.string() })),
  };
}

/** The columns a rule form writes; absent recipients are sent as null (upstream §2.6). */
export interface NotificationRuleWrite {
  name: string;
  events: string[];
  filter: string | null;
  title: string | null;
  template: string | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: unknown[] | null;
  repeat_interval: string | null;
  wait_for: number | null;
  group_by: string[] | null;
}

export function createRuleEndpoint(body: NotificationRuleWrite & { created_by?: string }): Endpoint<unknown> {
  return { method: 'POST', path: pgrst('notifications').toPath(), body, schema: z.unknown() };
}

export function updateRuleEndpoint(id: string, body: Partial<NotificationRuleWrite>): Endpoint<unknown> {
  return { method: 'PATCH', path: pgrst('notifications').eq('id', id).toPath(), body, schema: z.unknown() };
}

/** Rules are soft-deleted, as the backend's own delete does. */
export function deleteRuleEndpoint(id: string): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('notifications').eq('id', id).toPath(),
    body: { deleted_at: 'now()' },
    schema: z.unknown(),
  };
}

// ---- silences -----------------------------------------------------------------------------------------------

export const silenceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  description: z.string().nullish(),
  filter: z.string().nullish(),
  selectors: z.unknown().nullish(),
  from: z.string().nullish(),
  until: z.string().nullish(),
  recursive: z.boolean().nullish(),
  source: z.string().nullish(),
  created_at: z.string().nullish(),
  deleted_at: z.string().nullish(),
  checks: z.looseObject({ id: z.string(), name: z.string().nullish(), type: z.string().nullish() }).nullish(),
  catalog: z
    .looseObject({ id: z.string(), name: z.string().nullish(), type: z.string().nullish() })
    .nullish(),
  component: z
    .looseObject({ id: z.string(), name: z.string().nullish(), icon: z.string().nullish() })
    .nullish(),
  canary: z.looseObject({ id: z.string(), name: z.string().nullish() }).nullish(),
  createdBy: namedSchema.nullish(),
});
export type Silence = z.infer<typeof silenceSchema>;

export type SilencesListParams = SortedPageParams;

const SILENCE_SELECT = `*,checks:check_id(id,name,type,status),${embed('config_id', CONFIG_REF, 'catalog')},component:component_id(id,name,icon),canary:canary_id(id,name),${embed('created_by', PERSON_REF, 'createdBy')}`;

/** Live silences, newest first. */
export function silencesEndpoint(p: SilencesListParams): Endpoint<Silence[]> {
  const q = pgrst('notification_silences')
    .select(SILENCE_SELECT)
    .is('deleted_at', null)
    // The id settles ties, so a page boundary never repeats or skips a silence.
    .param('order', `${p.sortBy ? `${p.sortBy}.${p.sortDesc ? 'desc' : 'asc'}` : 'created_at.desc'},id.asc`);
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(silenceSchema) };
}

/** One silence (the one that held a send back). */
export function silenceEndpoint(id: string): Endpoint<Silence[]> {
  return {
    path: pgrst('notification_silences').select(SILENCE_SELECT).eq('id', id).toPath(),
    schema: z.array(silenceSchema),
  };
}

export interface SilenceRequest {
  name: string;
  description?: string;
  from?: string;
  until?: string | null;
  recursive?: boolean;
  filter?: string;
  selectors?: unknown[];
  config_id?: string;
  canary_id?: string;
  component_id?: string;
  check_id?: string;
  source?: string;
}

/** 200 with an empty body. */
export function createSilenceEndpoint(body: SilenceRequest): Endpoint<unknown> {
  return { method: 'POST', path: '/notification/silence', body, schema: z.unknown() };
}

export interface SilenceUpdate {
  name?: string;
  description?: string | null;
  from?: string | null;
  until?: string | null;
}

export function updateSilenceEndpoint(id: string, body: SilenceUpdate): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('notification_silences').eq('id', id).toPath(),
    body,
    schema: z.unknown(),
  };
}

/** A soft delete (upstream §2.6). */
export function deleteSilenceEndpoint(id: string): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('notification_silences').eq('id', id).toPath(),
    body: { deleted_at: 'now()' },
    schema: z.unknown(),
  };
}

const previewResourceSchema = z.looseObject({
  id: z.string(),
  kind: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  health: z.string().nullish(),
});

export const silencePreviewSchema = z.looseObject({
  window: z.looseObject({ from: z.string(), to: z.string() }),
  matches: z.looseObject({
    total: z.number(),
    by_kind: z.record(z.string(), z.number()),
    resources: z.array(previewResourceSchema),
  }),
  history: z.looseObject({
    total: z.number(),
    by_status: z.record(z.string(), z.number()),
    notifications: z.array(
      z.looseObject({
        id: z.string(),
        created_at: z.string(),
        status: z.string().nullish(),
        source_event: z.string().nullish(),
        silenced_by: z.string().nullish(),
        notification: namedSchema.nullish(),
        resource: previewResourceSchema.nullish(),
      }),
    ),
  }),
});
export type SilencePreview = z.infer<typeof silencePreviewSchema>;

/** What a draft silence would have held back in the last 7 days and what it matches now (endpoints README). */
export function silencePreviewEndpoint(
  body: Omit<SilenceRequest, 'name'> & { name?: string },
): Endpoint<SilencePreview> {
  return { method: 'POST', path: '/notification/silence/preview', body, schema: silencePreviewSchema };
}

export type SilenceTargetKind = NamedResourceKind;
export type SilenceTarget = ResourceName;

/** The resource an add-silence link names (`?check_id=` …), to prefill the form with its name. */
export function silenceTargetEndpoint(kind: SilenceTargetKind, id: string): Endpoint<SilenceTarget[]> {
  return resourceNamesEndpoint(kind, [id]);
}
