import type { Queryable } from '../db/types';
import { MAX_TEXT_LENGTH } from '../spec-guard';
import { CelError, celMatches, parseCel, type CelProgram } from './shared/cel';
import { endpoint } from './shared/handler';
import { badRequest, isUuid, json, readJsonObject } from './shared/http';
import { selectorGlobProblems, selectorMatches, type PlaybookTarget } from './shared/playbook-target';
import { parseTimeParam, toIso } from './shared/time';
import { timeSlicer } from './shared/time-slice';
import type { AuthedContext, Route } from './types';

/**
 * POST /notification/silence (backend-contract §2.9): every call inserts a new silence; 200 with an empty body.
 * POST /notification/silence/preview: what a draft silence (the same body) would hold back — the last 7 days of send
 * history it matches and the resources it matches now (endpoints/README.md has the shape).
 */

const RESOURCE_FIELDS = ['config_id', 'canary_id', 'component_id', 'check_id'] as const;
type ResourceField = (typeof RESOURCE_FIELDS)[number];
type Kind = 'config' | 'component' | 'check' | 'canary';

function text(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  return v.trim() === '' ? undefined : v;
}

interface SilenceDraft {
  name?: string;
  description?: string;
  ids: Record<ResourceField, string | null>;
  filter?: string;
  program?: CelProgram;
  selectors: Record<string, unknown>[];
  from: Date;
  /** null: indefinite. */
  until: Date | null;
  recursive: boolean;
}

/** Reads and checks a silence body (shared by create and preview, so a preview never accepts what create refuses). */
function parseSilence(body: Record<string, unknown>, now: Date): SilenceDraft {
  const ids = {} as Record<ResourceField, string | null>;
  for (const field of RESOURCE_FIELDS) {
    const v = text(body, field);
    if (v !== undefined && !isUuid(v)) throw badRequest(`${field} must be a UUID`);
    ids[field] = v ?? null;
  }
  const filter = text(body, 'filter');
  let program: CelProgram | undefined;
  if (filter) {
    try {
      program = parseCel(filter);
    } catch (error) {
      if (error instanceof CelError) throw badRequest(`invalid filter: ${error.message}`);
      throw error;
    }
  }
  const selectors = body.selectors;
  if (selectors !== undefined && selectors !== null && !Array.isArray(selectors))
    throw badRequest('selectors must be a list of resource selectors');
  const list = Array.isArray(selectors) ? selectors : [];
  if (list.some((s) => !s || typeof s !== 'object' || Array.isArray(s)))
    throw badRequest('each selector must be an object');
  if (list.length > 50) throw badRequest('at most 50 selectors');
  const globProblem = selectorGlobProblems(list, '/selectors')[0];
  if (globProblem) throw badRequest(`invalid selectors: ${globProblem.path.slice(1)} ${globProblem.message}`);
  if (!Object.values(ids).some(Boolean) && !filter && list.length === 0) {
    throw badRequest('one of config_id, canary_id, component_id, check_id, filter or selectors is required');
  }
  const fromText = text(body, 'from');
  const untilText = text(body, 'until');
  const from = fromText ? parseTimeParam('from', fromText, now) : now;
  // The UI sends "indefinitely" for no end; a missing until means the same.
  const until = untilText && untilText !== 'indefinitely' ? parseTimeParam('until', untilText, now) : null;
  if (until && from.getTime() >= until.getTime()) throw badRequest('from must be before until');
  if (body.recursive !== undefined && body.recursive !== null && typeof body.recursive !== 'boolean') {
    throw badRequest('recursive must be a boolean');
  }
  const description = text(body, 'description');
  if (description && description.length > MAX_TEXT_LENGTH)
    throw badRequest(`description is longer than ${MAX_TEXT_LENGTH} characters`);
  return {
    name: text(body, 'name'),
    description,
    ids,
    filter,
    program,
    selectors: list as Record<string, unknown>[],
    from,
    until,
    recursive: body.recursive === true,
  };
}

async function silence(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const draft = parseSilence(body, new Date());
  if (!draft.name) throw badRequest('name is required');
  await ctx.services.db.query(
    `INSERT INTO notification_silences (name, description, "from", until, recursive, filter, selectors, config_id,
        canary_id, component_id, check_id, source, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'UI', $12)`,
    [
      draft.name,
      draft.description ?? null,
      draft.from.toISOString(),
      draft.until?.toISOString() ?? null,
      draft.recursive,
      draft.filter ?? null,
      draft.selectors.length ? JSON.stringify(draft.selectors) : null,
      draft.ids.config_id,
      draft.ids.canary_id,
      draft.ids.component_id,
      draft.ids.check_id,
      ctx.identity.personId,
    ],
  );
  return new Response(null, { status: 200 });
}

// ---- preview ------------------------------------------------------------------------------------------------------

interface ResourceRow {
  id: string;
  kind: Kind;
  name: string | null;
  type: string | null;
  namespace: string | null;
  status: string | null;
  health: string | null;
  labels: Record<string, string> | null;
  tags: Record<string, string> | null;
  agent_id: string | null;
  config_class?: string | null;
  canary_id?: string | null;
  path?: string | null;
  parent_id?: string | null;
}

/** The resources of every kind, as filters and selectors see them (check labels include their canary's). */
const RESOURCE_SQL: Record<Kind, string> = {
  config: `SELECT id, 'config' AS kind, name, type, tags ->> 'namespace' AS namespace, status, health, labels, tags, agent_id, config_class, path, parent_id, deleted_at
             FROM config_items`,
  component: `SELECT id, 'component' AS kind, name, type, namespace, status, health, labels, NULL::jsonb AS tags, agent_id, path, parent_id, deleted_at
                FROM components`,
  check: `SELECT c.id, 'check' AS kind, c.name, c.type, c.namespace, c.status, c.status AS health,
                 coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels, NULL::jsonb AS tags, c.agent_id, c.canary_id, c.deleted_at
            FROM checks c JOIN canaries k ON k.id = c.canary_id`,
  canary: `SELECT id, 'canary' AS kind, name, NULL::text AS type, namespace, NULL::text AS status, NULL::text AS health, labels, NULL::jsonb AS tags, agent_id, deleted_at
             FROM canaries`,
};

/** Resources of a kind (live ones unless includeDeleted), all of them or those with the given ids. */
async function loadResources(
  db: Queryable,
  kind: Kind,
  ids: string[] | undefined,
  includeDeleted = false,
): Promise<ResourceRow[]> {
  if (ids && ids.length === 0) return [];
  const sql = `SELECT * FROM (${RESOURCE_SQL[kind]}) r WHERE ($1 OR r.deleted_at IS NULL) AND ($2::uuid[] IS NULL OR r.id = ANY($2::uuid[]))`;
  return (await db.query<ResourceRow>(sql, [includeDeleted, ids ?? null])).rows;
}

const PREVIEW_DAYS = 7;
const MAX_LISTED_RESOURCES = 50;
const MAX_LISTED_SENDS = 100;

/** The resources a draft's ids name, with descendants when recursive (configs and components by path). */
async function idTargets(db: Queryable, draft: SilenceDraft): Promise<Set<string> | null> {
  const given = RESOURCE_FIELDS.filter((f) => draft.ids[f]);
  if (given.length === 0) return null;
  const out = new Set<string>();
  for (const field of given) {
    const id = draft.ids[field] as string;
    out.add(id);
    if (field === 'canary_id') {
      const checks = await db.query<{ id: string }>('SELECT id FROM checks WHERE canary_id = $1', [id]);
      for (const c of checks.rows) out.add(c.id);
    } else if (draft.recursive && (field === 'config_id' || field === 'component_id')) {
      const table = field === 'config_id' ? 'config_items' : 'components';
      // path is the dot-joined ancestor ids, so a descendant's path contains the id.
      const found = await db.query<{ id: string }>(
        `SELECT id FROM ${table} WHERE path LIKE '%' || $1 || '%'`,
        [id],
      );
      for (const r of found.rows) out.add(r.id);
    }
  }
  return out;
}

function envOf(r: ResourceRow): Record<string, unknown> {
  const row = {
    id: r.id,
    name: r.name,
    type: r.type,
    namespace: r.namespace,
    status: r.status,
    health: r.health,
    labels: r.labels ?? {},
    tags: r.tags ?? {},
    agent_id: r.agent_id,
    config_class: r.config_class ?? null,
  };
  return { [r.kind]: row, resource: row };
}

function matchesDraft(r: ResourceRow, draft: SilenceDraft, targets: Set<string> | null): boolean {
  if (targets && !targets.has(r.id)) return false;
  if (draft.program && !celMatches(draft.program, envOf(r))) return false;
  if (draft.selectors.length) {
    const target: PlaybookTarget = {
      kind: r.kind === 'canary' ? 'check' : r.kind,
      row: { ...r, labels: r.labels ?? {}, tags: r.tags ?? undefined },
    };
    if (!draft.selectors.some((s) => selectorMatches(s, target))) return false;
  }
  return true;
}

function resourceOut(r: ResourceRow) {
  return { id: r.id, kind: r.kind, name: r.name, type: r.type, status: r.status, health: r.health };
}

interface SendRow {
  id: string;
  created_at: Date;
  status: string | null;
  source_event: string;
  resource_id: string;
  notification_id: string;
  notification_name: string;
  silenced_by: string | null;
}

async function previewSilence(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const now = new Date();
  const draft = parseSilence(body, now);
  const db = ctx.services.db;
  const targets = await idTargets(db, draft);
  const onlyIds = targets !== null && !draft.program && draft.selectors.length === 0;

  // Resources it matches now.
  const kinds: Kind[] = ['config', 'component', 'check', 'canary'];
  const matched: ResourceRow[] = [];
  // The filter runs over every resource and send: the loops give the event loop back and stop at a time budget.
  const slicer = timeSlicer('the silence filter');
  for (const kind of kinds) {
    const rows = await loadResources(db, kind, onlyIds ? [...(targets ?? [])] : undefined);
    for (const r of rows) {
      await slicer.tick();
      if (matchesDraft(r, draft, targets)) matched.push(r);
    }
  }
  const byKind: Record<string, number> = {};
  for (const r of matched) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;

  // The last 7 days of sends it would have held back, within the draft's window where that lies in the past.
  const windowStart = new Date(
    Math.max(
      now.getTime() - PREVIEW_DAYS * 86_400_000,
      draft.from.getTime() < now.getTime() ? draft.from.getTime() : 0,
    ),
  );
  const windowEnd = draft.until && draft.until.getTime() < now.getTime() ? draft.until : now;
  const sends =
    windowStart.getTime() >= windowEnd.getTime()
      ? []
      : (
          await db.query<SendRow>(
            `SELECT h.id, h.created_at, h.status, h.source_event, h.resource_id, h.notification_id, n.name AS notification_name, h.silenced_by
             FROM notification_send_history h JOIN notifications n ON n.id = h.notification_id
            WHERE h.created_at >= $1 AND h.created_at <= $2 AND ($3::uuid[] IS NULL OR h.resource_id = ANY($3::uuid[]))
            ORDER BY h.created_at DESC, h.id`,
            [windowStart.toISOString(), windowEnd.toISOString(), onlyIds ? [...(targets ?? [])] : null],
          )
        ).rows;
  const kindOfSend = (s: SendRow): Kind | null => {
    const k = s.source_event.split('.')[0];
    return k === 'config' || k === 'component' || k === 'check' || k === 'canary' ? k : null;
  };
  // Resources of the sends, deleted ones included (the history may be about something gone since).
  const wanted = new Map<Kind, Set<string>>();
  for (const s of sends) {
    const k = kindOfSend(s);
    if (k) wanted.set(k, (wanted.get(k) ?? new Set()).add(s.resource_id));
  }
  const resources = new Map<string, ResourceRow>();
  for (const [kind, ids] of wanted) {
    for (const r of await loadResources(db, kind, [...ids], true)) resources.set(`${kind}:${r.id}`, r);
  }
  const held: SendRow[] = [];
  for (const s of sends) {
    await slicer.tick();
    const k = kindOfSend(s);
    const r = k ? resources.get(`${k}:${s.resource_id}`) : undefined;
    if (r !== undefined && matchesDraft(r, draft, targets)) held.push(s);
  }
  const byStatus: Record<string, number> = {};
  for (const s of held) byStatus[s.status ?? 'unknown'] = (byStatus[s.status ?? 'unknown'] ?? 0) + 1;
  const sample = matched.slice(0, MAX_LISTED_RESOURCES);
  return json({
    window: { from: toIso(windowStart), to: toIso(windowEnd) },
    matches: { total: matched.length, by_kind: byKind, resources: sample.map(resourceOut) },
    history: {
      total: held.length,
      by_status: byStatus,
      notifications: held.slice(0, MAX_LISTED_SENDS).map((s) => {
        const k = kindOfSend(s) as Kind;
        const r = resources.get(`${k}:${s.resource_id}`) as ResourceRow;
        return {
          id: s.id,
          created_at: toIso(s.created_at),
          status: s.status,
          source_event: s.source_event,
          silenced_by: s.silenced_by,
          notification: { id: s.notification_id, name: s.notification_name },
          resource: resourceOut(r),
        };
      }),
    },
  });
}

export const notificationRoutes: Route[] = [
  {
    method: 'POST',
    path: '/notification/silence',
    permission: { object: 'notification', action: 'create' },
    handle: endpoint(silence),
  },
  {
    method: 'POST',
    path: '/notification/silence/preview',
    permission: { object: 'notification', action: 'create' },
    handle: endpoint(previewSilence),
  },
];
