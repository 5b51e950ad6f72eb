import type { Queryable } from '../db/types';
import { APPROVER_ADDRESSES, maskAddressesAt } from '../postgrest';
import { abacAllows, authorize, authorizeAbac, type AbacAttributes } from './shared/authorize';
import { endpoint } from './shared/handler';
import {
  type HttpError,
  badRequest,
  forbidden,
  isUuid,
  json,
  notFound,
  omitEmpty,
  readJsonObject,
} from './shared/http';
import {
  TARGET_FIELDS,
  TARGET_OBJECTS,
  loadTarget,
  playbookMatchesTarget,
  renderTemplate,
  targetOf,
  type PlaybookTarget,
} from './shared/playbook-target';
import { regexProblem, regexTest } from './shared/linear-regex';
import { toIso } from './shared/time';
import type { AuthedContext, Route } from './types';

/** Playbook endpoints (backend-contract §2.1, §2.8): list for a resource, parameters, run, approve, cancel. */

const NIL = '00000000-0000-0000-0000-000000000000';
const FINAL_STATUSES = ['completed', 'failed', 'cancelled', 'timed_out'];

interface PlaybookRow {
  id: string;
  namespace: string;
  name: string;
  title: string;
  icon: string | null;
  description: string | null;
  source: string;
  category: string;
  created_at: Date;
  spec: Record<string, unknown>;
  deleted_at: Date | null;
}

interface Parameter {
  name: string;
  default?: unknown;
  label?: string;
  required?: boolean;
  type?: string;
  properties?: Record<string, unknown>;
  [key: string]: unknown;
}

async function loadPlaybook(db: Queryable, id: unknown): Promise<PlaybookRow> {
  if (!isUuid(id)) throw badRequest('invalid playbook id: expected a UUID', { code: 'EINVALID' });
  const r = await db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec, deleted_at
       FROM playbooks WHERE id = $1`,
    [id],
  );
  const row = r.rows[0];
  if (!row || row.deleted_at) throw notFound(`playbook ${String(id)} not found`);
  return row;
}

function parametersOf(spec: Record<string, unknown>): Parameter[] {
  const raw = spec.parameters;
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (p): p is Parameter => !!p && typeof p === 'object' && typeof (p as Parameter).name === 'string',
  );
}

function abacAttributes(playbook: PlaybookRow, target: PlaybookTarget | null): AbacAttributes {
  const attrs: AbacAttributes = {
    playbook: { id: playbook.id, name: playbook.name, namespace: playbook.namespace },
  };
  if (target) attrs[target.kind] = target.row;
  return attrs;
}

/** The caller must read the target and hold `playbook:run` on the playbook (the real ABAC check). */
async function authorizeRun(
  ctx: AuthedContext,
  playbook: PlaybookRow,
  target: PlaybookTarget | null,
): Promise<void> {
  if (target) await authorize(ctx, TARGET_OBJECTS[target.kind], 'read');
  await authorizeAbac(ctx, 'playbooks', 'playbook:run', abacAttributes(playbook, target));
}

function templateEnv(
  ctx: AuthedContext,
  playbook: PlaybookRow,
  target: PlaybookTarget | null,
): Record<string, unknown> {
  const env: Record<string, unknown> = {
    playbook: { id: playbook.id, name: playbook.name, namespace: playbook.namespace, title: playbook.title },
    user: ctx.identity.user,
  };
  if (target) env[target.kind] = target.row;
  return env;
}

/**
 * How the specs these endpoints return read for the caller: as stored for who may change approvers, else with each
 * approver's address masked — the rule /db applies to `playbooks.spec` and `playbook_runs.spec` (exposure.ts
 * APPROVER_ADDRESSES), so no path serves what /db masks.
 */
async function specReader(ctx: AuthedContext): Promise<<T>(spec: T) => T> {
  const mask = APPROVER_ADDRESSES;
  if (await ctx.services.enforcer.check(ctx.identity, mask.revealedBy, mask.action)) return (spec) => spec;
  return (spec) => maskAddressesAt(spec, mask.path);
}

function renderDefault(value: unknown, env: Record<string, unknown>): unknown {
  return typeof value === 'string' && value.includes('{{') ? renderTemplate(value, env) : value;
}

// ---- GET /playbook/list ----------------------------------------------------------------------------------------------

async function listPlaybooks(ctx: AuthedContext): Promise<Response> {
  const query = Object.fromEntries(ctx.url.searchParams);
  const t = targetOf(query);
  if (!t) throw badRequest('one of config_id, component_id or check_id is required');
  const target = await loadTarget(ctx.services.db, t.kind, t.id);
  const rows = await ctx.services.db.query<PlaybookRow>(
    `SELECT id, namespace, name, title, icon, description, source, category, created_at, spec, deleted_at
       FROM playbooks WHERE deleted_at IS NULL ORDER BY title, name`,
  );
  const readSpec = await specReader(ctx);
  const out = rows.rows
    .filter((p) => playbookMatchesTarget(p.spec ?? {}, target))
    .map((p) =>
      omitEmpty({
        id: p.id,
        namespace: p.namespace,
        name: p.name,
        title: p.title || undefined,
        icon: p.icon,
        description: p.description,
        source: p.source,
        category: p.category || undefined,
        created_at: toIso(p.created_at),
        parameters: parametersOf(p.spec).length ? parametersOf(p.spec) : undefined,
        spec: readSpec(p.spec),
      }),
    );
  return json(out);
}

// ---- POST /playbook/{id}/params ---------------------------------------------------------------------------------------

async function playbookParams(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const playbook = await loadPlaybook(ctx.services.db, body.id ?? ctx.params.id);
  const t = targetOf(body);
  const target = t ? await loadTarget(ctx.services.db, t.kind, t.id) : null;
  await authorizeRun(ctx, playbook, target);
  const env = templateEnv(ctx, playbook, target);
  const params = parametersOf(playbook.spec).map((p) => {
    const rendered = renderDefault(p.default, env);
    return omitEmpty({ ...p, default: rendered === '' ? undefined : rendered });
  });
  return json({ params });
}

// ---- POST /playbook/run -----------------------------------------------------------------------------------------------

function invalid(message: string): HttpError {
  return badRequest(message, { code: 'EINVALID' });
}

/** Sanitizes run parameters against the spec (backend-contract §2.8): unknown → 400, missing required → 400. */
export function validateParams(
  spec: Record<string, unknown>,
  given: Record<string, unknown>,
  env: Record<string, unknown>,
): Record<string, string> {
  const defs = parametersOf(spec);
  const known = new Set(defs.map((d) => d.name));
  for (const name of Object.keys(given)) if (!known.has(name)) throw invalid(`unknown parameter "${name}"`);
  const out: Record<string, string> = {};
  for (const def of defs) {
    const raw = given[def.name];
    let value: string | undefined =
      raw === undefined || raw === null || raw === ''
        ? undefined
        : typeof raw === 'object'
          ? JSON.stringify(raw)
          : String(raw);
    if (value === undefined) {
      const d = renderDefault(def.default, env);
      if (d !== undefined && d !== null && d !== '')
        value = typeof d === 'object' ? JSON.stringify(d) : String(d);
    }
    if (value === undefined) {
      if (def.required) throw invalid(`parameter "${def.name}" is required`);
      continue;
    }
    const props = def.properties ?? {};
    const label = def.label ?? def.name;
    // RE2 (linear time): the pattern is the playbook author's, the value the caller's. A pattern RE2 refuses (the
    // spec guard refuses it on write) checks nothing, as an invalid RegExp did before.
    if (
      typeof props.regex === 'string' &&
      regexProblem(props.regex) === null &&
      !regexTest(props.regex, value)
    ) {
      throw invalid(`parameter "${def.name}" (${label}) must match ${props.regex}`);
    }
    if (typeof props.minLength === 'number' && value.length < props.minLength) {
      throw invalid(`parameter "${def.name}" (${label}) must be at least ${props.minLength} characters`);
    }
    if (typeof props.maxLength === 'number' && value.length > props.maxLength) {
      throw invalid(`parameter "${def.name}" (${label}) must be at most ${props.maxLength} characters`);
    }
    if (typeof props.min === 'number' || typeof props.max === 'number') {
      const n = Number.parseFloat(value);
      if (!Number.isFinite(n)) throw invalid(`parameter "${def.name}" (${label}) must be a number`);
      if (typeof props.min === 'number' && n < props.min)
        throw invalid(`parameter "${def.name}" (${label}) must be at least ${props.min}`);
      if (typeof props.max === 'number' && n > props.max)
        throw invalid(`parameter "${def.name}" (${label}) must be at most ${props.max}`);
    }
    if (def.type === 'checkbox' && !['true', 'false'].includes(value))
      throw invalid(`parameter "${def.name}" (${label}) must be true or false`);
    if (def.type === 'list' && Array.isArray(props.options)) {
      const allowed = props.options.map((o) => String((o as { value?: unknown })?.value ?? o));
      if (!allowed.includes(value))
        throw invalid(`parameter "${def.name}" (${label}) must be one of ${allowed.join(', ')}`);
    }
    out[def.name] = value;
  }
  return out;
}

async function runPlaybook(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const db = ctx.services.db;
  const playbook = await loadPlaybook(db, body.id);
  const t = targetOf(body);
  const target = t ? await loadTarget(db, t.kind, t.id) : null;
  await authorizeRun(ctx, playbook, target);
  const given = body.params ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    throw invalid('params must be an object of name: value');
  const params = validateParams(
    playbook.spec,
    given as Record<string, unknown>,
    templateEnv(ctx, playbook, target),
  );
  const agentId =
    body.agent_id === undefined || body.agent_id === null || body.agent_id === '' ? NIL : body.agent_id;
  if (!isUuid(agentId)) throw invalid('agent_id must be a UUID');
  const status = playbook.spec.approval ? 'pending_approval' : 'scheduled';
  const inserted = await db.query<{ id: string; scheduled_time: Date }>(
    `INSERT INTO playbook_runs (playbook_id, spec, status, created_by, config_id, component_id, check_id, parameters,
        request, agent_id, scheduled_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now()) RETURNING id, scheduled_time`,
    [
      playbook.id,
      JSON.stringify(playbook.spec),
      status,
      ctx.identity.personId,
      target?.kind === 'config' ? target.row.id : null,
      target?.kind === 'component' ? target.row.id : null,
      target?.kind === 'check' ? target.row.id : null,
      JSON.stringify(params),
      JSON.stringify({
        source: 'api',
        id: playbook.id,
        ...(t ? { [TARGET_FIELDS[t.kind]]: t.id } : {}),
        params,
      }),
      agentId,
    ],
  );
  const run = inserted.rows[0];
  if (!run) throw new Error('playbook run was not created');
  return json({ run_id: run.id, starts_at: toIso(run.scheduled_time) }, 201);
}

// ---- approve / cancel --------------------------------------------------------------------------------------------------

interface RunRow {
  id: string;
  status: string;
  playbook_id: string;
  spec: Record<string, unknown>;
}

async function loadRun(db: Queryable, id: string | undefined): Promise<RunRow> {
  if (!isUuid(id)) throw badRequest('invalid run id', { message: 'invalid run id' });
  const r = await db.query<RunRow>('SELECT id, status, playbook_id, spec FROM playbook_runs WHERE id = $1', [
    id,
  ]);
  const row = r.rows[0];
  if (!row) throw notFound(`playbook run ${String(id)} not found`);
  return row;
}

async function approveRun(ctx: AuthedContext): Promise<Response> {
  const db = ctx.services.db;
  const run = await loadRun(db, ctx.params.id);
  const approval = run.spec?.approval as
    { type?: string; approvers?: { people?: string[]; teams?: string[] } } | undefined;
  if (!approval) throw badRequest('this playbook does not require approval');
  const playbook = await loadPlaybook(db, run.playbook_id).catch(() => null);
  const attrs: AbacAttributes = {
    playbook: { id: run.playbook_id, name: playbook?.name, namespace: playbook?.namespace },
  };
  if (!(await abacAllows(ctx, 'playbooks', 'playbook:approve', attrs))) {
    throw forbidden('you do not have permission to approve playbook runs');
  }
  const people = (approval.approvers?.people ?? []).map((p) => String(p).toLowerCase());
  const teams = approval.approvers?.teams ?? [];
  const user = ctx.identity.user;
  const isPerson =
    people.includes((user.email ?? '').toLowerCase()) || people.includes(user.name.toLowerCase());
  const team = teams.length
    ? await db.query<{ id: string }>(
        `SELECT t.id FROM teams t JOIN team_members m ON m.team_id = t.id
          WHERE t.deleted_at IS NULL AND t.name = ANY($1::text[]) AND m.person_id = $2 LIMIT 1`,
        [teams, ctx.identity.personId],
      )
    : { rows: [] as { id: string }[] };
  const teamId = team.rows[0]?.id;
  if (!isPerson && !teamId) throw forbidden('you are not an approver of this playbook');
  if (run.status !== 'pending_approval')
    throw badRequest(`playbook run is ${run.status}, not pending approval`);
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO playbook_approvals (run_id, person_id, team_id) VALUES ($1, $2, $3)', [
      run.id,
      isPerson ? ctx.identity.personId : null,
      isPerson ? null : teamId,
    ]);
    // "any" needs one approval; "all" one per listed person and team.
    const required = approval.type === 'all' ? Math.max(1, people.length + teams.length) : 1;
    const got = await tx.query<{ n: number }>(
      'SELECT count(DISTINCT coalesce(person_id, team_id))::int AS n FROM playbook_approvals WHERE run_id = $1',
      [run.id],
    );
    if ((got.rows[0]?.n ?? 0) >= required) {
      await tx.query(
        `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now() WHERE id = $1 AND status = 'pending_approval'`,
        [run.id],
      );
    }
  });
  return json({ message: 'playbook run approved' });
}

async function cancelRun(ctx: AuthedContext): Promise<Response> {
  const db = ctx.services.db;
  const run = await loadRun(db, ctx.params.id);
  const playbook = await loadPlaybook(db, run.playbook_id).catch(() => null);
  await authorizeAbac(ctx, 'playbooks', 'playbook:cancel', {
    playbook: { id: run.playbook_id, name: playbook?.name, namespace: playbook?.namespace },
  });
  if (FINAL_STATUSES.includes(run.status)) throw badRequest(`playbook run is already ${run.status}`);
  await db.transaction(async (tx) => {
    const ids = [run.id];
    const children = await tx.query<{ id: string }>('SELECT id FROM playbook_runs WHERE parent_id = $1', [
      run.id,
    ]);
    ids.push(...children.rows.map((c) => c.id));
    await tx.query(
      `UPDATE playbook_runs SET status = 'cancelled', end_time = now()
        WHERE id = ANY($1::uuid[]) AND NOT status = ANY($2::text[])`,
      [ids, FINAL_STATUSES],
    );
    await tx.query(
      `UPDATE playbook_run_actions SET status = 'cancelled', end_time = now()
        WHERE playbook_run_id = ANY($1::uuid[]) AND status IN ('scheduled', 'running', 'waiting', 'sleeping', 'retrying')`,
      [ids],
    );
  });
  return json({ message: 'playbook run cancelled' });
}

async function getRun(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id;
  if (!isUuid(id)) throw badRequest('invalid run id', { message: 'invalid run id' });
  const r = await ctx.services.db.query<Record<string, unknown>>(
    'SELECT * FROM playbook_runs WHERE id = $1',
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound(`playbook run ${String(id)} not found`);
  const readSpec = await specReader(ctx);
  return json(omitEmpty({ ...row, spec: readSpec(row.spec) }));
}

export const playbookRoutes: Route[] = [
  {
    method: 'GET',
    path: '/playbook/list',
    permission: { object: 'playbooks', action: 'read' },
    handle: endpoint(listPlaybooks),
  },
  { method: 'POST', path: '/playbook/run', handle: endpoint(runPlaybook) },
  {
    method: 'GET',
    path: '/playbook/run/:id',
    permission: { object: 'playbooks', action: 'read' },
    handle: endpoint(getRun),
  },
  { method: 'POST', path: '/playbook/run/approve/:id', handle: endpoint(approveRun) },
  {
    method: 'POST',
    path: '/playbook/run/cancel/:id',
    permission: { object: 'playbooks', action: 'update' },
    handle: endpoint(cancelRun),
  },
  { method: 'POST', path: '/playbook/:id/params', handle: endpoint(playbookParams) },
];
