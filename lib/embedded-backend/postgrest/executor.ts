import type { Database, Queryable } from '../db/types';
import {
  MAX_ROWS,
  SqlContext,
  assertColumns,
  compileCount,
  compileMutationWhere,
  compileRead,
  embeddedRelations,
  qualified,
  quoteIdent,
  type RowSource,
} from './compiler';
import {
  PostgrestError,
  errorResponse,
  fromDriverError,
  isExpectedSqlState,
  parseError,
  unknownRelation,
} from './errors';
import { MASKED_VALUE, revealerKey, revealerOf } from './exposure';
import { rewriteFilterExtension } from './filter-extension';
import {
  LIMITS,
  parsePrefer,
  parseQuery,
  parseRangeHeader,
  scopeKey,
  type FilterNode,
  type ParsedQuery,
  type Preferences,
} from './parser';
import type { FunctionInfo, RelationInfo, SchemaCache } from './schema-cache';
import { log } from '@/lib/telemetry/probes';

/** Request → SQL → Response for `/db/*`: reads, writes and RPC in PostgREST's dialect. */

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };
const SINGULAR = 'application/vnd.pgrst.object+json';
const MAX_BODY_BYTES = 10 * 1024 * 1024;

export type AccessDecision =
  { allowed: true } | { allowed: false; subject: string; object: string; action: string };

/** The caller's RBAC, supplied by the backend's gate: the root was checked before the engine runs, embeds are here. */
export interface RelationAccess {
  /** The decision for reading a relation the request embeds, by its name (the gate's resource → object map). */
  readRelation(relation: string): Promise<AccessDecision>;
  /** Whether the caller may do action on an RBAC object; the columns it reveals (exposure.ts) are unmasked by it. */
  allows(object: string, action: string): Promise<boolean>;
}

function embedDenied(
  relation: string,
  decision: { subject: string; object: string; action: string },
): PostgrestError {
  return new PostgrestError(403, '42501', `permission denied for embedded resource ${relation}`, null, null, {
    'x-rbac-subject': decision.subject,
    'x-rbac-object': decision.object,
    'x-rbac-action': decision.action,
  });
}

/**
 * Authorizes every relation the request embeds (any depth) as a read; one denial fails the whole request. Returns
 * the RBAC object:action pairs the caller holds that unmask columns of the relations read (root and embeds).
 */
async function authorize(
  schema: SchemaCache,
  source: RowSource,
  query: ParsedQuery,
  access: RelationAccess,
): Promise<Set<string>> {
  const embedded = embeddedRelations(schema, source.name, query.select);
  const decided = new Map<string, AccessDecision>();
  for (const { relation } of embedded) {
    if (decided.has(relation)) continue;
    const decision = await access.readRelation(relation);
    decided.set(relation, decision);
    if (!decision.allowed) throw embedDenied(relation, decision);
  }
  const revealers = new Map<string, { object: string; action: string }>();
  const sources = [source, ...embedded.map((e) => schema.relations.get(e.relation))];
  for (const rel of sources) {
    for (const col of rel?.columns ?? []) {
      const revealer = col.mask && revealerOf(col.mask);
      if (revealer) revealers.set(revealerKey(revealer), revealer);
    }
  }
  const revealed = new Set<string>();
  for (const [key, { object, action }] of revealers)
    if (await access.allows(object, action)) revealed.add(key);
  return revealed;
}

/** Runs a write with the caller recorded as the transaction's actor, which the audit triggers stamp (migration 0010). */
async function runWrite(
  db: Database,
  sql: string,
  params: unknown[],
  personId: string | null | undefined,
): Promise<ReadResult> {
  if (!personId) return runRead(db, sql, params);
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('app.actor_id', $1, true)`, [personId]);
    return runRead(tx, sql, params);
  });
}

interface ReadResult {
  body: string;
  n: number;
  total?: number;
}

async function runRead(db: Queryable, sql: string, params: unknown[]): Promise<ReadResult> {
  const result = await db.query<{ body: string; n: number; total?: unknown }>(sql, params);
  const row = result.rows[0];
  if (!row) return { body: '[]', n: 0 };
  return {
    body: row.body,
    n: Number(row.n),
    total: row.total === undefined || row.total === null ? undefined : Number(row.total),
  };
}

function contentRange(offset: number, n: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return n === 0 ? `*/${totalText}` : `${offset}-${offset + n - 1}/${totalText}`;
}

function singularBody(result: ReadResult): string {
  if (result.n !== 1) {
    throw new PostgrestError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${result.n} rows`,
    );
  }
  const rows = JSON.parse(result.body) as unknown[];
  return JSON.stringify(rows[0]);
}

function readResponse(request: Request, result: ReadResult, offset: number, count: boolean): Response {
  const headers: Record<string, string> = {
    ...JSON_HEADERS,
    'Content-Range': contentRange(offset, result.n, result.total),
  };
  let status = 200;
  if (count && result.total !== undefined) {
    if (offset > result.total) {
      const err = new PostgrestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${offset} was requested, but there are only ${result.total} rows.`,
      );
      return new Response(JSON.stringify(err.toJSON()), { status: 416, headers });
    }
    if (result.n < result.total) status = 206;
  }
  const body = (request.headers.get('Accept') ?? '').includes(SINGULAR) ? singularBody(result) : result.body;
  return new Response(request.method === 'HEAD' ? null : body, { status, headers });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw new PostgrestError(413, 'PGRST102', 'Request body too large');
  if (text.includes('\u0000')) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * PostgREST-era clients send `"now()"` for timestamps; Postgres reads `now` as the transaction time. A secret column
 * written with the mask it reads as keeps its stored value (an edit form sends back what it read).
 */
function normaliseRow(row: Record<string, unknown>, source: RowSource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    const col = source.columnMap.get(k);
    if (col?.mask?.kind === 'secret' && v === MASKED_VALUE) continue;
    out[k] = v === 'now()' && col?.category === 'D' ? 'now' : v;
  }
  return out;
}

/**
 * Whether a root filter narrows the rows a write touches: a plain `eq` or `in` on a column (an empty `in` matches
 * nothing), not negated, at the top level or inside a non-negated `and`. Everything else can be a tautology that
 * selects every row (`id=not.is.null`, `id=neq.x`, `or=(id.is.null,id.not.is.null)`), so it does not count.
 */
function narrows(node: FilterNode): boolean {
  if (node.kind === 'logic') return node.op === 'and' && !node.negate && node.children.some(narrows);
  return !node.negate && node.field.json.length === 0 && (node.op === 'eq' || node.op === 'in');
}

/**
 * PATCH and DELETE must say which rows they change (PostgREST deployments refuse unfiltered ones, safe-update): at
 * least one equality filter on the root. `DELETE /db/incident_histories?id=not.is.null` emptied the table.
 */
function assertFiltered(method: string, query: ParsedQuery): void {
  if ((query.scopes.get(scopeKey([]))?.filters ?? []).some(narrows)) return;
  throw new PostgrestError(
    400,
    '21000',
    `${method === 'DELETE' ? 'DELETE' : 'UPDATE'} requires a filter`,
    null,
    'Add an equality filter that selects the rows to change, for example id=eq.<id> or id=in.(<id>,<id>).',
  );
}

function mutationStatus(method: string, prefs: Preferences): number {
  if (method === 'POST') return 201;
  return prefs.return === 'representation' ? 200 : 204;
}

async function mutate(
  db: Database,
  schema: SchemaCache,
  request: Request,
  relation: RelationInfo,
  params: [string, string][],
  readContext: ReadContext,
): Promise<Response> {
  const prefs = parsePrefer(request.headers.get('Prefer'));
  const query = parseQuery(params);
  const method = request.method;
  if (method !== 'POST') assertFiltered(method, query);
  const revealed = await authorize(schema, relation, query, readContext.access);
  const ctx = new SqlContext(schema, revealed);
  let cte: string;
  if (method === 'DELETE') {
    const alias = ctx.alias();
    cte = `DELETE FROM ${qualified(relation.name)} AS ${alias}${compileMutationWhere(ctx, query, relation, alias)} RETURNING ${alias}.*`;
  } else {
    const body = await readBody(request);
    if (method === 'POST') {
      const given = Array.isArray(body) ? body : [body];
      if (!given.every(isPlainObject)) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
      if (given.length === 0) {
        return new Response(prefs.return === 'representation' ? '[]' : null, {
          status: 201,
          headers: JSON_HEADERS,
        });
      }
      const rows = given.map((r) => normaliseRow(r, relation));
      const keys = query.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
      const colInfos = assertColumns(relation, keys);
      const cols = colInfos.map((c) => quoteIdent(c.name));
      let conflict = '';
      if (prefs.resolution) {
        const target = query.onConflict ?? relation.primaryKey;
        if (target.length === 0)
          throw parseError('"on_conflict" needs a primary key or an explicit column list');
        const conflictCols = assertColumns(relation, target).map((c) => quoteIdent(c.name));
        const updates = cols.filter((c) => !conflictCols.includes(c)).map((c) => `${c} = EXCLUDED.${c}`);
        conflict =
          prefs.resolution === 'ignore-duplicates' || updates.length === 0
            ? ` ON CONFLICT (${conflictCols.join(', ')}) DO NOTHING`
            : ` ON CONFLICT (${conflictCols.join(', ')}) DO UPDATE SET ${updates.join(', ')}`;
      }
      if (cols.length === 0) {
        if (rows.length > 1)
          throw new PostgrestError(400, 'PGRST102', 'Bulk insert of empty objects is not supported');
        cte = `INSERT INTO ${qualified(relation.name)} AS _t DEFAULT VALUES${conflict} RETURNING _t.*`;
      } else if (prefs.missingDefault && rows.some((r) => colInfos.some((c) => !(c.name in r)))) {
        // Prefer: missing=default — a key absent from one object takes the column default for that row only.
        const values = rows.map((r) => {
          const json = ctx.param(JSON.stringify(r));
          const items = colInfos.map((c) =>
            c.name in r
              ? `(SELECT _r.${quoteIdent(c.name)} FROM json_populate_record(NULL::${qualified(relation.name)}, ${json}::json) AS _r)`
              : 'DEFAULT',
          );
          return `(${items.join(', ')})`;
        });
        cte = `INSERT INTO ${qualified(relation.name)} AS _t (${cols.join(', ')}) VALUES ${values.join(', ')}${conflict} RETURNING _t.*`;
      } else {
        const json = ctx.param(JSON.stringify(rows));
        cte =
          `INSERT INTO ${qualified(relation.name)} AS _t (${cols.join(', ')}) ` +
          `SELECT ${cols.join(', ')} FROM json_populate_recordset(NULL::${qualified(relation.name)}, ${json}::json)` +
          `${conflict} RETURNING _t.*`;
      }
    } else {
      if (!isPlainObject(body)) throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
      assertColumns(relation, Object.keys(body));
      const changes = normaliseRow(body, relation);
      const cols = assertColumns(relation, Object.keys(changes));
      if (cols.length === 0) {
        return new Response(prefs.return === 'representation' ? '[]' : null, {
          status: mutationStatus(method, prefs),
          headers: JSON_HEADERS,
        });
      }
      const json = ctx.param(JSON.stringify(changes));
      const alias = ctx.alias();
      const sets = cols.map((c) => `${quoteIdent(c.name)} = _b.${quoteIdent(c.name)}`).join(', ');
      cte =
        `UPDATE ${qualified(relation.name)} AS ${alias} SET ${sets} ` +
        `FROM json_populate_record(NULL::${qualified(relation.name)}, ${json}::json) AS _b` +
        `${compileMutationWhere(ctx, query, relation, alias)} RETURNING ${alias}.*`;
    }
  }
  const representation = prefs.return === 'representation';
  const sql = compileRead(
    ctx,
    representation ? query : { ...query, select: [{ kind: 'star' }] },
    { fromSql: '_m', source: relation, count: false, applyRoot: false, cap: false },
    `WITH _m AS (${cte}) `,
  );
  const result = await runWrite(db, sql, ctx.params, readContext.personId);
  const headers = { ...JSON_HEADERS, 'Content-Range': result.n === 0 ? '*/*' : `0-${result.n - 1}/*` };
  const status = mutationStatus(method, prefs);
  if (!representation) return new Response(null, { status, headers });
  const body = (request.headers.get('Accept') ?? '').includes(SINGULAR) ? singularBody(result) : result.body;
  return new Response(body, { status, headers });
}

/**
 * Exact counts by snapshot: two statements at the same database snapshot count the same rows, so the pages of one
 * filter (offset 0, 50, 100 …) read while nothing was written share one count. Keys carry the snapshot, the person,
 * the count statement and its values; the TTL bounds clock-relative views.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; expires: number }>();

  constructor(
    private readonly ttlMs = 3000,
    private readonly maxEntries = 1024,
  ) {}

  private readonly pending = new Map<string, Promise<number | undefined>>();

  /** The count for key: kept, or being computed by a concurrent read (then awaited), or undefined. */
  async lookup(key: string): Promise<number | undefined> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    return this.pending.get(key);
  }

  /** Marks key as being counted now; the returned function settles it (undefined when the count failed). */
  claim(key: string): (total: number | undefined) => void {
    let resolve!: (total: number | undefined) => void;
    const promise = new Promise<number | undefined>((r) => {
      resolve = r;
    });
    this.pending.set(key, promise);
    return (total) => {
      if (this.pending.get(key) === promise) this.pending.delete(key);
      if (total !== undefined) this.set(key, total);
      resolve(total);
    };
  }

  get(key: string): number | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expires > Date.now()) return hit.total;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, total: number): void {
    this.entries.delete(key);
    this.entries.set(key, { total, expires: Date.now() + this.ttlMs });
    // Map order is insertion order: the first key is the oldest.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }
}

/** What the caller knows about this read: the snapshot it was keyed under (read-cache.ts) and who asks. */
export interface ReadContext {
  snapshot?: string;
  personId?: string | null;
  counts?: CountCache;
  access: RelationAccess;
}

async function read(
  db: Database,
  schema: SchemaCache,
  request: Request,
  source: RowSource,
  fromSql: string,
  params: [string, string][],
  readContext: ReadContext,
  newCtx = (revealed: ReadonlySet<string>) => new SqlContext(schema, revealed),
): Promise<Response> {
  const prefs = parsePrefer(request.headers.get('Prefer'));
  const query = parseQuery(params);
  const revealed = await authorize(schema, source, query, readContext.access);
  const makeCtx = () => newCtx(revealed);
  const root = query.scopes.get('');
  const range = parseRangeHeader(request.headers.get('Range'));
  let offset = root?.offset ?? range?.offset ?? 0;
  let limit = root?.limit ?? range?.limit;
  if (range && root?.limit === undefined && root?.offset === undefined) {
    offset = range.offset;
    limit = range.limit;
  }
  const options = { fromSql, source, limit, offset, applyRoot: true, cap: true };
  let ctx = makeCtx();
  // Compiled without the count first, so a bad request fails exactly as before whatever the cache holds.
  let sql = compileRead(ctx, query, { ...options, count: false });
  let countKey: string | undefined;
  let knownTotal: number | undefined;
  const { counts, snapshot } = readContext;
  if (prefs.count) {
    if (counts && snapshot !== undefined) {
      const countCtx = makeCtx();
      const countSql = compileCount(countCtx, query, options);
      countKey = JSON.stringify([snapshot, readContext.personId ?? null, countSql, countCtx.params]);
      knownTotal = await counts.lookup(countKey);
    }
    if (knownTotal === undefined) {
      ctx = makeCtx();
      sql = compileRead(ctx, query, { ...options, count: true });
    }
  }
  // Concurrent pages of this filter wait for this count instead of counting again.
  const settle = countKey !== undefined && knownTotal === undefined ? counts?.claim(countKey) : undefined;
  let result: ReadResult;
  try {
    result = await runRead(db, sql, ctx.params);
  } catch (error) {
    settle?.(undefined);
    throw error;
  }
  settle?.(result.total);
  if (knownTotal !== undefined) result.total = knownTotal;
  return readResponse(request, result, offset, prefs.count);
}

function pickOverload(fns: FunctionInfo[], provided: Set<string>): FunctionInfo | undefined {
  const fits = fns.filter(
    (f) =>
      [...provided].every((p) => f.args.some((a) => a.name === p)) &&
      f.args.every((a) => a.hasDefault || provided.has(a.name)),
  );
  fits.sort((a, b) => a.args.length - b.args.length);
  return fits[0];
}

function argValue(value: unknown, type: string): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object')
    return type.endsWith('[]') && Array.isArray(value) && !/json/.test(type) ? value : JSON.stringify(value);
  return String(value);
}

async function rpc(
  db: Database,
  schema: SchemaCache,
  request: Request,
  name: string,
  params: [string, string][],
  readContext: ReadContext,
): Promise<Response> {
  const overloads = schema.functions.get(name);
  const allArgNames = new Set((overloads ?? []).flatMap((f) => f.args.map((a) => a.name)));
  let args: Record<string, unknown> = {};
  let rest = params;
  if (request.method === 'GET' || request.method === 'HEAD') {
    rest = [];
    for (const [k, v] of params) {
      if (allArgNames.has(k) && !(k in args)) args[k] = v;
      else rest.push([k, v]);
    }
  } else if (request.method === 'POST') {
    const body = await readBody(request);
    if (body !== undefined && !isPlainObject(body))
      throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json');
    args = body ?? {};
  } else {
    throw new PostgrestError(405, 'PGRST101', 'Only GET and POST are allowed for functions');
  }
  const provided = new Set(Object.keys(args));
  const fn = overloads ? pickOverload(overloads, provided) : undefined;
  if (!fn) {
    throw new PostgrestError(
      404,
      'PGRST202',
      `Could not find the function public.${name.slice(0, 64)}(${[...provided].sort().join(', ').slice(0, 256)}) in the schema cache`,
      null,
      null,
    );
  }
  const ctx = new SqlContext(schema);
  const named = fn.args
    .filter((a) => provided.has(a.name))
    .map((a) => `${quoteIdent(a.name)} := ${ctx.param(argValue(args[a.name], a.type))}::${a.type}`)
    .join(', ');
  const argValues = [...ctx.params];
  // Every compilation of the read starts from the call's own values ($1…$n), as the call text refers to them.
  const makeCtx = (revealed: ReadonlySet<string>) => {
    const fresh = new SqlContext(schema, revealed);
    for (const v of argValues) fresh.param(v);
    return fresh;
  };
  const call = `${qualified(fn.name)}(${named})`;
  if (fn.columns && fn.columnMap) {
    const source: RowSource = { name: fn.name, columns: fn.columns, columnMap: fn.columnMap };
    const response = await read(db, schema, request, source, call, rest, readContext, makeCtx);
    if (fn.returnsSet || response.status >= 300) return response;
    const rows = (await response.json()) as unknown[];
    return new Response(JSON.stringify(rows[0] ?? null), { status: 200, headers: JSON_HEADERS });
  }
  const sql = fn.returnsSet
    ? `SELECT coalesce(json_agg(_x.v), '[]'::json)::text AS body FROM (SELECT ${call} AS v LIMIT ${MAX_ROWS}) AS _x`
    : `SELECT to_json(${call})::text AS body`;
  const result = await db.query<{ body: string | null }>(sql, ctx.params);
  return new Response(result.rows[0]?.body ?? 'null', { status: 200, headers: JSON_HEADERS });
}

export interface SchemaSource {
  get(): Promise<SchemaCache>;
  invalidate(): void;
  /** Reloads the catalog after a miss unless it was loaded very recently; undefined when it did not reload. */
  refreshOnMiss(): Promise<SchemaCache | undefined>;
}

/** Handles one `/db/<resource>` request; never throws — every failure becomes a PostgREST-shaped error response. */
export async function handlePostgrest(
  db: Database,
  cacheSource: SchemaSource,
  request: Request,
  resource: string,
  readContext: ReadContext,
): Promise<Response> {
  try {
    const url = new URL(request.url);
    if (url.search.length > LIMITS.queryLength)
      throw parseError('"query string too long"', `limit is ${LIMITS.queryLength} characters`);
    if (resource.length > 256 || resource.includes('\u0000')) throw unknownRelation(resource.slice(0, 64));
    const rawParams = [...url.searchParams.entries()];
    if (rawParams.length > LIMITS.params) throw parseError('"too many query parameters"');
    const params = rewriteFilterExtension(rawParams);
    let schema = await cacheSource.get();
    const known = (s: SchemaCache) =>
      resource.startsWith('rpc/') ? s.functions.has(resource.slice(4)) : s.relations.has(resource);
    if (!known(schema)) schema = (await cacheSource.refreshOnMiss()) ?? schema;
    if (resource.startsWith('rpc/'))
      return await rpc(db, schema, request, resource.slice(4), params, readContext);
    const relation = schema.relations.get(resource);
    if (!relation) throw unknownRelation(resource.slice(0, 64));
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return await read(db, schema, request, relation, qualified(relation.name), params, readContext);
      case 'POST':
      case 'PATCH':
      case 'DELETE': {
        const verb =
          request.method === 'POST' ? 'insert into' : request.method === 'PATCH' ? 'update' : 'delete from';
        if (relation.isView) {
          throw new PostgrestError(
            405,
            '55000',
            `Cannot ${verb} view '${relation.name}': views are read-only`,
            null,
            'Write to the table the view reads from.',
          );
        }
        if (relation.readOnly) {
          // Before the body is read or the filter checked: the answer is the same for every write of every role.
          throw new PostgrestError(
            405,
            '55000',
            `Cannot ${verb} '${relation.name}': it is read-only through /db`,
            null,
            'Use the native endpoint that owns these rows (for playbook runs: /playbook/run, /playbook/run/approve/{id}, /playbook/run/cancel/{id}).',
          );
        }
        return await mutate(db, schema, request, relation, params, readContext);
      }
      default:
        throw new PostgrestError(405, 'PGRST101', `Unsupported HTTP method: ${request.method.slice(0, 16)}`);
    }
  } catch (error) {
    const pgError = fromDriverError(error);
    // A relation/column/function the catalog no longer matches means the schema changed under us.
    if (['42P01', '42703', '42883'].includes(pgError.code) && !(error instanceof PostgrestError))
      cacheSource.invalidate();
    if (pgError.status >= 500 || (!(error instanceof PostgrestError) && !isExpectedSqlState(pgError.code))) {
      log.error(`[postgrest] ${request.method} ${resource} failed`, { err: error });
    }
    return errorResponse(pgError);
  }
}
