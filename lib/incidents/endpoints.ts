import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { cond, pgrst, type PostgrestQuery } from '@/lib/backend/postgrest-query';
import { SECTION_ROW_LIMIT } from '@/lib/constants';
import {
  CONFIG_REF,
  configRefSchema,
  embed,
  PERSON_REF,
  personRefSchema,
  TEAM_REF,
  teamRefSchema,
} from '@/lib/backend/refs';

/**
 * Incidents (PostgREST, spec 000 §7 "Incidents", 001 §3.3): the list, one incident with its hypotheses, evidence
 * and comments, its responders and history, the writes of the incident page, the Link to Incident dialog's
 * searches and those of a topology component.
 */

const severitySchema = z.union([z.string(), z.number()]).nullish();

export const componentIncidentSchema = z.looseObject({
  id: z.string(),
  title: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: severitySchema,
  created_at: z.string().nullish(),
});
export type ComponentIncident = z.infer<typeof componentIncidentSchema>;

export function componentIncidentsEndpoint(componentId: string): Endpoint<ComponentIncident[]> {
  const q = pgrst('incidents_by_component').eq('component_id', componentId).order('created_at', 'desc');
  return { path: q.toPath(), schema: z.array(componentIncidentSchema) };
}

/** The incidents a config item is evidence in (spec 000 §7 incidents_by_config), newest first, for its page. */
export function configIncidentsEndpoint(configId: string): Endpoint<ComponentIncident[]> {
  const q = pgrst('incidents_by_config')
    .select('id,title,type,status,severity,created_at')
    .eq('config_id', configId)
    .order('created_at', 'desc')
    .limit(SECTION_ROW_LIMIT);
  return { path: q.toPath(), schema: z.array(componentIncidentSchema) };
}

// ---- list --------------------------------------------------------------------------------------------------------

const responderRowSchema = z.looseObject({
  id: z.string(),
  person: personRefSchema.nullish(),
  team: teamRefSchema.nullish(),
});

export const incidentRowSchema = z.looseObject({
  id: z.string(),
  incident_id: z.string().nullish(),
  title: z.string(),
  severity: severitySchema,
  status: z.string().nullish(),
  type: z.string().nullish(),
  created_at: z.string().nullish(),
  commander: personRefSchema.nullish(),
  responders: z.array(responderRowSchema).nullish(),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;

export interface IncidentsListParams {
  query: string;
  status: string | null;
  severity: string | null;
  type: string | null;
  owner: string | null;
  component: string | null;
  sortBy: string;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

/** A responder's person and team, as the list, the responders panel and the history embed them. */
const RESPONDER_REFS = `${embed('person_id', PERSON_REF, 'person')},${embed('team_id', TEAM_REF, 'team')}`;

const LIST_SELECT = `id,incident_id,title,severity,status,type,created_at,${embed('commander_id', PERSON_REF, 'commander')},responders(id,${RESPONDER_REFS})`;

/** The inner embeds the component filter needs: incidents with evidence on that component. */
const EVIDENCE_FILTER_EMBED = 'hypotheses!inner(evidences!inner(component_id))';

/** The list's filters, which a status count applies too (with its own status). */
export type IncidentFilters = Pick<
  IncidentsListParams,
  'query' | 'status' | 'severity' | 'type' | 'owner' | 'component'
>;

function listFilters(q: PostgrestQuery, p: IncidentFilters): void {
  const term = searchTerm(p.query);
  if (term) q.ilike('title', `*${term}*`);
  if (p.status) q.eq('status', p.status);
  if (p.severity) q.eq('severity', p.severity);
  if (p.type) q.eq('type', p.type);
  if (p.owner) q.eq('created_by', p.owner);
  if (p.component) q.eq('hypotheses.evidences.component_id', p.component);
}

/**
 * How many incidents of one status the list's other filters match (spec 000 §7 `incident_summary`: the list's
 * counts by status): an exact count and no rows (GET: the backend's RBAC refuses HEAD). The view has neither the creator nor the evidence, so
 * with an owner or component filter the count reads `incidents`, the list's own relation, with the same filters.
 */
export function incidentStatusCountEndpoint(
  p: Omit<IncidentFilters, 'status'>,
  status: string,
): Endpoint<unknown[]> {
  const fromList = Boolean(p.owner || p.component);
  const q = pgrst(fromList ? 'incidents' : 'incident_summary').select(
    p.component ? `id,${EVIDENCE_FILTER_EMBED}` : 'id',
  );
  listFilters(q, { ...p, status });
  q.limit(0).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(z.unknown()).max(0) };
}

/** Strips PostgREST syntax from a search term: it is matched as text, never parsed as a filter. */
export function searchTerm(term: string): string {
  return term.replace(/[*,()"\\]/g, ' ').trim();
}

/**
 * A server-paged page of incidents. The component filter (from a topology card) keeps incidents with evidence on
 * that component, through inner embeds of hypotheses and evidence; the owner is the creator (upstream's filter).
 */
export function incidentsEndpoint(p: IncidentsListParams): Endpoint<IncidentRow[]> {
  const q = pgrst('incidents').select(p.component ? `${LIST_SELECT},${EVIDENCE_FILTER_EMBED}` : LIST_SELECT);
  listFilters(q, p);
  q.is('responders.deleted_at', null);
  q.order(p.sortBy, p.sortDesc ? 'desc' : 'asc');
  if (p.sortBy !== 'created_at') q.order('created_at', 'desc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(incidentRowSchema) };
}

export function teamsEndpoint(): Endpoint<z.infer<typeof teamRefSchema>[]> {
  const q = pgrst('teams').select(TEAM_REF).is('deleted_at', null).order('name', 'asc').limit(1000);
  return { path: q.toPath(), schema: z.array(teamRefSchema) };
}

export function componentNameEndpoint(id: string): Endpoint<{ id: string; name?: string | null }[]> {
  const q = pgrst('component_names').select('id,name').eq('id', id);
  return { path: q.toPath(), schema: z.array(z.looseObject({ id: z.string(), name: z.string().nullish() })) };
}

// ---- one incident ------------------------------------------------------------------------------------------------

/** A check or a component as evidence embeds it: its icon and status beside the name. */
const STATUS_REF = 'id,name,icon,type,status';
const statusRefSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  icon: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
});

export const evidenceSchema = z.looseObject({
  id: z.string(),
  hypothesis_id: z.string(),
  type: z.string(),
  description: z.string().nullish(),
  evidence: z.unknown().nullish(),
  properties: z.unknown().nullish(),
  definition_of_done: z.boolean().nullish(),
  done: z.boolean().nullish(),
  script: z.string().nullish(),
  script_result: z.string().nullish(),
  config_id: z.string().nullish(),
  config_change_id: z.string().nullish(),
  config_analysis_id: z.string().nullish(),
  component_id: z.string().nullish(),
  check_id: z.string().nullish(),
  created_at: z.string().nullish(),
  created_by: personRefSchema.nullish(),
  check: statusRefSchema.nullish(),
  component: statusRefSchema.nullish(),
  config: configRefSchema.nullish(),
  config_change: z
    .looseObject({
      id: z.string(),
      change_type: z.string().nullish(),
      summary: z.string().nullish(),
      config_id: z.string().nullish(),
    })
    .nullish(),
  config_analysis: z
    .looseObject({
      id: z.string(),
      analyzer: z.string().nullish(),
      message: z.string().nullish(),
      analysis_type: z.string().nullish(),
      severity: z.string().nullish(),
    })
    .nullish(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

export const hypothesisSchema = z.looseObject({
  id: z.string(),
  incident_id: z.string(),
  parent_id: z.string().nullish(),
  type: z.string().nullish(),
  title: z.string(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  evidences: z.array(evidenceSchema).nullish(),
});
export type Hypothesis = z.infer<typeof hypothesisSchema>;

export const commentSchema = z.looseObject({
  id: z.string(),
  comment: z.string(),
  created_at: z.string().nullish(),
  external_created_by: z.string().nullish(),
  hypothesis_id: z.string().nullish(),
  created_by: personRefSchema.nullish(),
  /** The responder it was written as (spec 000 §3 Comment.responder_id): a team responder's comment is the team's. */
  responder: z.looseObject({ team: teamRefSchema.nullish() }).nullish(),
});
export type IncidentComment = z.infer<typeof commentSchema>;

export const incidentDetailSchema = z.looseObject({
  id: z.string(),
  incident_id: z.string().nullish(),
  title: z.string(),
  description: z.string().nullish(),
  severity: severitySchema,
  status: z.string().nullish(),
  type: z.string().nullish(),
  created_at: z.string().nullish(),
  commander: personRefSchema.nullish(),
  communicator: personRefSchema.nullish(),
  creator: personRefSchema.nullish(),
  hypotheses: z.array(hypothesisSchema).nullish(),
  comments: z.array(commentSchema).nullish(),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

const EVIDENCE_SELECT = [
  '*',
  embed('created_by', PERSON_REF),
  embed('checks', STATUS_REF, 'check'),
  embed('components', STATUS_REF, 'component'),
  embed('config_items', CONFIG_REF, 'config'),
  'config_change:config_changes(id,change_type,summary,config_id)',
  'config_analysis:config_analysis(id,analyzer,message,analysis_type,severity)',
].join(',');
const DETAIL_SELECT = [
  '*',
  embed('commander_id', PERSON_REF, 'commander'),
  embed('communicator_id', PERSON_REF, 'communicator'),
  embed('created_by', PERSON_REF, 'creator'),
  `hypotheses(*,evidences(${EVIDENCE_SELECT}))`,
  `comments(id,comment,created_at,external_created_by,hypothesis_id,${embed('created_by', PERSON_REF)},responder:responders(id,${embed('team_id', TEAM_REF, 'team')}))`,
].join(',');

/** One incident with everything its page shows but responders and history (one request, 13 embeds). */
export function incidentEndpoint(id: string): Endpoint<IncidentDetail[]> {
  const q = pgrst('incidents').select(DETAIL_SELECT).eq('id', id).order('created_at', 'asc');
  return { path: q.toPath(), schema: z.array(incidentDetailSchema) };
}

export const responderSchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  created_at: z.string().nullish(),
  person: personRefSchema.nullish(),
  team: teamRefSchema.nullish(),
});
export type Responder = z.infer<typeof responderSchema>;

export function respondersEndpoint(incidentId: string): Endpoint<Responder[]> {
  const q = pgrst('responders')
    .select(`id,type,created_at,${RESPONDER_REFS}`)
    .eq('incident_id', incidentId)
    .is('deleted_at', null)
    .order('created_at', 'asc');
  return { path: q.toPath(), schema: z.array(responderSchema) };
}

export const historySchema = z.looseObject({
  id: z.string(),
  type: z.string().nullish(),
  description: z.string().nullish(),
  created_at: z.string().nullish(),
  created_by: personRefSchema.nullish(),
  hypothesis: z.looseObject({ id: z.string(), title: z.string().nullish() }).nullish(),
  responder: z
    .looseObject({ id: z.string(), person: personRefSchema.nullish(), team: teamRefSchema.nullish() })
    .nullish(),
  // The comment itself: the history's description keeps only its first 200 characters.
  comment: z.looseObject({ id: z.string(), comment: z.string().nullish() }).nullish(),
});
export type IncidentHistory = z.infer<typeof historySchema>;

export function historiesEndpoint(incidentId: string): Endpoint<IncidentHistory[]> {
  const q = pgrst('incident_histories')
    .select(
      `id,type,description,created_at,${embed('created_by', PERSON_REF)},hypothesis:hypotheses(id,title),responder:responders(id,${RESPONDER_REFS}),comment:comments(id,comment)`,
    )
    .eq('incident_id', incidentId)
    .order('created_at', 'desc')
    .limit(1000);
  return { path: q.toPath(), schema: z.array(historySchema) };
}

// ---- writes ------------------------------------------------------------------------------------------------------

const REPRESENTATION = { prefer: 'return=representation' };
const createdSchema = z.array(z.looseObject({ id: z.string() }));

export interface NewIncident {
  title: string;
  description: string;
  severity: string;
  type: string;
  /** The signed-in person: creator, commander and communicator. */
  personId: string;
}

export function createIncidentEndpoint(n: NewIncident): Endpoint<{ id: string }[]> {
  return {
    method: 'POST',
    path: pgrst('incidents').select('id').toPath(),
    headers: REPRESENTATION,
    body: {
      title: n.title,
      description: n.description,
      severity: n.severity,
      type: n.type,
      status: 'open',
      created_by: n.personId,
      commander_id: n.personId,
      communicator_id: n.personId,
    },
    schema: createdSchema,
  };
}

export type IncidentPatch = Partial<{ title: string; status: string; severity: string; description: string }>;

/** A PATCH of one row by id, answered without a body. */
function patchRowEndpoint(table: string, id: string, patch: object): Endpoint<unknown> {
  return { method: 'PATCH', path: pgrst(table).eq('id', id).toPath(), body: patch, schema: z.unknown() };
}

export function updateIncidentEndpoint(id: string, patch: IncidentPatch): Endpoint<unknown> {
  return patchRowEndpoint('incidents', id, patch);
}

export interface NewHypothesis {
  incidentId: string;
  parentId: string | null;
  type: string;
  title: string;
  personId: string;
}

export function createHypothesisEndpoint(h: NewHypothesis): Endpoint<{ id: string }[]> {
  return {
    method: 'POST',
    path: pgrst('hypotheses').select('id').toPath(),
    headers: REPRESENTATION,
    body: {
      incident_id: h.incidentId,
      parent_id: h.parentId,
      type: h.type,
      title: h.title,
      status: 'possible',
      created_by: h.personId,
    },
    schema: createdSchema,
  };
}

export function updateHypothesisEndpoint(
  id: string,
  patch: Partial<{ title: string; status: string }>,
): Endpoint<unknown> {
  return patchRowEndpoint('hypotheses', id, patch);
}

/**
 * Deletes hypotheses (a node and its descendants) in one statement: the backend cascades to their evidence and
 * comments inside the same transaction (upstream sent three separate calls).
 */
export function deleteHypothesesEndpoint(ids: readonly string[]): Endpoint<unknown> {
  return { method: 'DELETE', path: pgrst('hypotheses').in('id', ids).toPath(), schema: z.unknown() };
}

export interface NewEvidence {
  hypothesisId: string;
  personId: string;
  type: string;
  description: string;
  check_id?: string;
  config_id?: string;
  config_change_id?: string;
  config_analysis_id?: string;
  component_id?: string;
  evidence?: unknown;
  properties?: unknown;
}

export function createEvidenceEndpoint({
  hypothesisId,
  personId,
  ...e
}: NewEvidence): Endpoint<{ id: string }[]> {
  return {
    method: 'POST',
    path: pgrst('evidences').select('id').toPath(),
    headers: REPRESENTATION,
    body: { ...e, hypothesis_id: hypothesisId, created_by: personId, definition_of_done: false, done: false },
    schema: createdSchema,
  };
}

export function updateEvidenceEndpoint(
  id: string,
  patch: Partial<{ definition_of_done: boolean; done: boolean; script: string | null }>,
): Endpoint<unknown> {
  return patchRowEndpoint('evidences', id, patch);
}

export function deleteEvidenceEndpoint(id: string): Endpoint<unknown> {
  return { method: 'DELETE', path: pgrst('evidences').eq('id', id).toPath(), schema: z.unknown() };
}

/** A comment on the incident, or on one of its hypotheses when `hypothesisId` is given (upstream's comment form). */
export function createCommentEndpoint(c: {
  incidentId: string;
  personId: string;
  comment: string;
  hypothesisId?: string | null;
}): Endpoint<unknown> {
  return {
    method: 'POST',
    path: pgrst('comments').toPath(),
    body: {
      incident_id: c.incidentId,
      hypothesis_id: c.hypothesisId ?? null,
      created_by: c.personId,
      comment: c.comment,
    },
    schema: z.unknown(),
  };
}

/** Only the author's own comment (the created_by filter makes someone else's a no-op on the backend too). */
export function deleteCommentEndpoint(id: string, personId: string): Endpoint<unknown> {
  return {
    method: 'DELETE',
    path: pgrst('comments').eq('id', id).eq('created_by', personId).toPath(),
    schema: z.unknown(),
  };
}

export function addResponderEndpoint(r: {
  incidentId: string;
  personId: string;
  person_id?: string;
  team_id?: string;
}): Endpoint<unknown> {
  return {
    method: 'POST',
    path: pgrst('responders').toPath(),
    body: {
      incident_id: r.incidentId,
      created_by: r.personId,
      type: r.team_id ? 'team' : 'person',
      person_id: r.person_id ?? null,
      team_id: r.team_id ?? null,
    },
    schema: z.unknown(),
  };
}

/** Soft delete (upstream: PATCH deleted_at). */
export function removeResponderEndpoint(id: string): Endpoint<unknown> {
  return patchRowEndpoint('responders', id, { deleted_at: 'now()' });
}

// ---- the Link to Incident dialog's searches ------------------------------------------------------------------------

export const hypothesisOptionSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  type: z.string().nullish(),
});
export type HypothesisOption = z.infer<typeof hypothesisOptionSchema>;

const HYPOTHESIS_OPTION = 'id,title,type';

export const incidentOptionSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  incident_id: z.string().nullish(),
  hypotheses: z.array(hypothesisOptionSchema).nullish(),
});
export type IncidentOption = z.infer<typeof incidentOptionSchema>;

export function incidentSearchEndpoint(term: string, limit = 20): Endpoint<IncidentOption[]> {
  const q = pgrst('incidents')
    .select(`id,title,incident_id,hypotheses(${HYPOTHESIS_OPTION})`)
    .order('created_at', 'desc')
    .limit(limit);
  const t = searchTerm(term);
  // By title or by number (INC-1001): the palette and Link to Incident find an incident by either.
  if (t) q.or(cond.ilike('title', `*${t}*`), cond.ilike('incident_id', `*${t}*`));
  return { path: q.toPath(), schema: z.array(incidentOptionSchema) };
}

export function hypothesisSearchEndpoint(
  incidentId: string,
  term: string,
  limit = 50,
): Endpoint<HypothesisOption[]> {
  const q = pgrst('hypotheses')
    .select(HYPOTHESIS_OPTION)
    .eq('incident_id', incidentId)
    .order('created_at', 'desc')
    .limit(limit);
  const t = searchTerm(term);
  if (t) q.ilike('title', `*${t}*`);
  return { path: q.toPath(), schema: z.array(hypothesisOptionSchema) };
}
