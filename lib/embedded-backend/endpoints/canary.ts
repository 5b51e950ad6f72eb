import { jsonResponse } from '../http-util';
import { EMBEDDED_BACKEND_STARTED_AT, EMBEDDED_BACKEND_VERSION } from '../version';
import { loadRunnableChecks, recordCheckResults, simulateCheck } from './shared/check-run';
import { endpoint } from './shared/handler';
import { cachePerDatabase } from './shared/response-cache';
import { badRequest, isUuid, json, notFound, omitEmpty, readJsonObject } from './shared/http';
import { SqlBuilder } from './shared/sql';
import { databaseIso, firstParam, parseTimeParam, toIso } from './shared/time';
import { topologyHandler } from './shared/topology';
import type { Queryable } from '../db/types';
import type { HealthBoardRequest } from '@/lib/health/board';
import {
  completeBoardPage,
  healthBoardPage,
  pagesWithoutAggregates,
  parseBoardRequest,
} from '@/lib/health/board-page';
import { checksFromSummary } from '@/lib/health/summary-endpoint';
import type { HealthCheck } from '@/lib/health/types';
import type { AuthedContext, Route } from './types';

/** canary-checker endpoints (backend-contract §2.1, §2.3): health summary, check graph, run now, component tree. */

const RUNNER_NAME = 'embedded';

/** Reads parameters from the query string, and for POST also from a JSON body (the real summary accepts both). */
async function summaryParams(ctx: AuthedContext): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [k, v] of ctx.url.searchParams) if (v.trim() !== '') out[k] = v.trim();
  if (ctx.request.method === 'POST') {
    const body = await readJsonObject(ctx.request);
    for (const [k, v] of Object.entries(body)) {
      if (v === null || v === undefined || v === '') continue;
      out[k] = typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
  }
  return out;
}

/** `labels` as JSON (`{"env":"prod"}`) or `k=v,k2=v2`; a malformed value is a 400. */
export function parseLabelParam(value: string | undefined): Record<string, string> | undefined {
  if (!value) return undefined;
  if (value.startsWith('{')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(
          Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
      }
    } catch {
      // fall through to the error below
    }
    throw badRequest('invalid labels: expected a JSON object or k=v pairs');
  }
  const labels: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const item = pair.trim();
    if (!item) continue;
    const eq = item.indexOf('=');
    if (eq <= 0) throw badRequest(`invalid labels: "${item.slice(0, 64)}" is not k=v`);
    labels[item.slice(0, eq).trim()] = item.slice(eq + 1).trim();
  }
  return labels;
}

function uuidList(name: string, value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  const ids = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const id of ids)
    if (!isUuid(id)) throw badRequest(`invalid ${name}: ${id.slice(0, 64)} is not a UUID`);
  return ids;
}

function num(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

interface SummaryRow {
  id: string;
  canary_id: string;
  canary_name: string;
  canary_namespace: string;
  agent_id: string;
  description: string | null;
  icon: string | null;
  labels: Record<string, string> | null;
  last_transition_time: string | null;
  name: string;
  namespace: string | null;
  owner: string | null;
  severity: string | null;
  status: string | null;
  type: string;
  last_runtime: string | null;
  next_runtime: string | null;
  created_at: string | null;
  updated_at: string | null;
  deleted_at: string | null;
  silenced_at: string | null;
  passed: number | null;
  failed: number | null;
  last_pass: string | null;
  last_fail: string | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  rolling1h: string | null;
}

/** How long a computed summary may be served while no check data changed: the kiosk and Health screen poll it. */
const SUMMARY_TTL_MS = 5000;
const utf8 = new TextEncoder();
const summaryCache = cachePerDatabase<Uint8Array<ArrayBuffer>>({ ttlMs: SUMMARY_TTL_MS });

/** The summary's parameters as a cache key: the same request with its parameters in any order is one entry. */
function paramsKey(p: Record<string, string>): string {
  return JSON.stringify(Object.entries(p).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** GET|POST /canary/api/summary — checks_summary with uptime and latency over the requested window (default 1h). */
async function summary(ctx: AuthedContext): Promise<Response> {
  const p = await summaryParams(ctx);
  // Validation runs on every call (a bad request is never a cache hit); the answer is shared per normalized query.
  const key = paramsKey(p);
  const { board: boardParam, ...summaryOnly } = p;
  let board: HealthBoardRequest | undefined;
  try {
    board = boardParam === undefined ? undefined : parseBoardRequest(boardParam);
  } catch (error) {
    throw badRequest((error as Error).message);
  }
  const compute = prepareSummary(ctx, summaryOnly);
  // The encoded body is cached: at 5,000 checks JSON.stringify and UTF-8 encoding cost more than a hit should.
  const bytes = await summaryCache(ctx.services.db).get(ctx.services.db, key, async () => {
    if (!board) return utf8.encode(JSON.stringify(await compute()));
    if (pagesWithoutAggregates(board))
      return utf8.encode(JSON.stringify(await boardPageBody(ctx, summaryOnly, board)));
    const whole = await boardSource(ctx, summaryOnly, compute);
    return utf8.encode(JSON.stringify(boardBody(whole, board)));
  });
  return new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** Every check of a summary request, as its answer's items and as the board's checks (computed once per TTL). */
interface BoardSource {
  body: Record<string, unknown>;
  itemById: Map<string, Record<string, unknown>>;
  checks: HealthCheck[];
}

const boardSources = cachePerDatabase<BoardSource>({ ttlMs: SUMMARY_TTL_MS, maxEntries: 8 });

/** The whole summary a board is paged from: shared by every page, filter and sort of the same window. */
function boardSource(
  ctx: AuthedContext,
  p: Record<string, string>,
  compute: () => Promise<Record<string, unknown>>,
): Promise<BoardSource> {
  return boardSources(ctx.services.db).get(ctx.services.db, paramsKey(p), async () => {
    const body = await compute();
    const items = (body.checks_summary ?? []) as Record<string, unknown>[];
    const itemById = new Map(items.map((item) => [item.id as string, item]));
    return { body, itemById, checks: checksFromSummary(body) };
  });
}

const boardRowSources = cachePerDatabase<HealthCheck[]>({ ttlMs: SUMMARY_TTL_MS, maxEntries: 8 });

/**
 * Every check of a summary request without its window's results (what the board filters, groups and orders by):
 * the summary's query without the aggregation over check_statuses, which is most of its cost at 50,000 checks.
 */
function boardRows(ctx: AuthedContext, p: Record<string, string>): Promise<HealthCheck[]> {
  const { sql, order } = checksSummaryQuery(p);
  // The window's bounds are the builder's first two parameters: typed here, as this query does not read results.
  sql.and('$1::timestamptz < $2::timestamptz');
  return boardRowSources(ctx.services.db).get(ctx.services.db, paramsKey(p), async () => {
    const result = await ctx.services.db.query<{ j: string }>(
      `SELECT row_to_json(x)::text AS j FROM (
         SELECT c.id, k.name AS canary_name, c.agent_id, c.description, c.icon,
           coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels, c.last_transition_time,
           c.name, c.namespace, c.status, c.type, c.last_runtime
         FROM checks c JOIN canaries k ON k.id = c.canary_id
         ${sql.whereClause()}) x
       ORDER BY ${order}`,
      sql.params,
    );
    const items = result.rows.map(({ j }) => {
      const row = JSON.parse(j) as SummaryRow;
      return omitEmpty({
        ...row,
        labels: row.labels ?? {},
        last_transition_time: databaseIso(row.last_transition_time),
        last_runtime: databaseIso(row.last_runtime),
      });
    });
    return checksFromSummary({ checks_summary: items });
  });
}

/**
 * A page of the board where its order needs no uptime or latency (every sort but those two): decided over every
 * check's row without results, then the summary computed for the page groups' members only.
 */
async function boardPageBody(
  ctx: AuthedContext,
  p: Record<string, string>,
  request: HealthBoardRequest,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const page = healthBoardPage(await boardRows(ctx, p), request);
  const ids = page.members.flat().map((check) => check.id);
  const body = ids.length
    ? await checksSummaryBody(ctx.services.db, checksSummaryQuery({ ...p, check_id: ids.join(',') }))
    : {};
  const items = (body.checks_summary ?? []) as Record<string, unknown>[];
  const itemById = new Map(items.map((item) => [item.id as string, item]));
  // A check deleted between the two reads: the page is computed again from the whole summary, consistent.
  if (itemById.size < ids.length)
    return boardBody(await boardSource(ctx, p, prepareSummary(ctx, p)), request);
  const complete = new Map(checksFromSummary({ checks_summary: items }).map((check) => [check.id, check]));
  const { meta, checks } = completeBoardPage(page, complete);
  const answer: Record<string, unknown> = {
    duration: Math.round(performance.now() - started),
    runnerName: RUNNER_NAME,
    board: meta,
  };
  if (checks.length) answer.checks_summary = checks.map((check) => itemById.get(check.id));
  return answer;
}

/**
 * The board extension of the summary (lib/health/board.ts): the page's items exactly as the whole summary has them,
 * in board order, and the board's counts and options under `board`.
 */
function boardBody(source: BoardSource, request: HealthBoardRequest): Record<string, unknown> {
  const { meta, checks } = healthBoardPage(source.checks, request);
  const { checks_summary: _all, ...rest } = source.body;
  const body: Record<string, unknown> = { ...rest, board: meta };
  if (checks.length) body.checks_summary = checks.map((check) => source.itemById.get(check.id));
  return body;
}

/** A validated summary request: the checks' conditions, the order and whether the window contains the last hour. */
export interface ChecksSummaryQuery {
  sql: SqlBuilder;
  order: string;
  coversLastHour: boolean;
  /** The placeholder of the requested check ids, which also bounds the window's aggregation to those checks. */
  checkIds?: string;
}

/** Validates the parameters of GET|POST /canary/api/summary (a 400 for a bad one) into the query computing it. */
export function checksSummaryQuery(p: Record<string, string>, now = new Date()): ChecksSummaryQuery {
  const end = p.end ?? p.until;
  const start = p.start ?? p.since;
  const to = end ? parseTimeParam('end', end, now) : now;
  const from = start ? parseTimeParam('start', start, now) : new Date(to.getTime() - 3_600_000);
  if (from.getTime() >= to.getTime()) throw badRequest('invalid time range: start must be before end');
  const sql = new SqlBuilder([from.toISOString(), to.toISOString()]);
  const checkIds = uuidList('check_id', p.check_id ?? p.checkId ?? p.id);
  const canaryIds = uuidList('canary_id', p.canary_id ?? p.canaryId);
  const labels = parseLabelParam(p.labels);
  const checkIdsParam = checkIds ? sql.add(checkIds) : undefined;
  if (checkIdsParam) sql.and(`c.id = ANY(${checkIdsParam}::uuid[])`);
  if (canaryIds) sql.and(`c.canary_id = ANY(${sql.add(canaryIds)}::uuid[])`);
  if (labels && Object.keys(labels).length) {
    sql.and(
      `(coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb)) @> ${sql.add(JSON.stringify(labels))}::jsonb`,
    );
  }
  const deletedFrom = p.deleted_from ?? p.deletedFrom;
  if (p.include_deleted === 'true' || p.includeDeleted === 'true') {
    // every check, deleted or not
  } else if (deletedFrom) {
    sql.and(
      `(c.deleted_at IS NULL OR c.deleted_at > ${sql.add(parseTimeParam('deleted_from', deletedFrom, now).toISOString())})`,
    );
  } else {
    sql.and('c.deleted_at IS NULL');
  }
  sql.and('k.deleted_at IS NULL');
  const order = p.sortBy === 'name' || p.sort_by === 'name' ? 'x.name, x.id' : 'x.canary_name, x.name, x.id';
  const coversLastHour = to.getTime() - from.getTime() >= 3_600_000;
  return { sql, order, coversLastHour, checkIds: checkIdsParam };
}

/** Validates the parameters and returns the computation of the summary body for them. */
function prepareSummary(
  ctx: AuthedContext,
  p: Record<string, string>,
): () => Promise<Record<string, unknown>> {
  const q = checksSummaryQuery(p);
  return () => checksSummaryBody(ctx.services.db, q);
}

/** A silence in force now: its start (or creation) for the checks it covers. */
const SILENCE_IN_FORCE = `deleted_at IS NULL AND ("from" IS NULL OR "from" <= now()) AND (until IS NULL OR until > now())`;

/** The body of GET|POST /canary/api/summary: one row per check with its uptime and latency over the window. */
export async function checksSummaryBody(
  db: Queryable,
  { sql, order, coversLastHour, checkIds }: ChecksSummaryQuery,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  // Asked for some checks (a board's page), the window's results of the others are not aggregated at all.
  const ofChecks = checkIds ? ` AND check_id = ANY(${checkIds}::uuid[])` : '';
  // A window that contains the last hour (the default 1h, 24h, 7d) yields rolling1h from the same scan.
  const rolling = coversLastHour
    ? ''
    : `, r AS (
       SELECT check_id, round(avg(duration))::text AS rolling1h
       FROM check_statuses WHERE time > $2::timestamptz - interval '1 hour' AND time <= $2${ofChecks} GROUP BY check_id
     )`;
  // One JSON text per row: at 5,000 checks the driver's per-field parsing of 27 columns cost more than the query.
  // Silences are read once per check and per canary (a lookup per row was 9 µs × 50,000 checks); the smaller of the
  // two is the earliest silence in force for the check, as min() over either match was.
  const result = await db.query<{ j: string }>(
    `SELECT row_to_json(x)::text AS j FROM (WITH s AS (
       SELECT check_id,
         count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed,
         max(time) FILTER (WHERE status) AS last_pass, max(time) FILTER (WHERE NOT status) AS last_fail,
         percentile_disc(ARRAY[0.95, 0.97, 0.99]) WITHIN GROUP (ORDER BY duration) AS p,
         round(avg(duration) FILTER (WHERE time > $2::timestamptz - interval '1 hour'))::text AS rolling1h
       FROM check_statuses WHERE time > $1 AND time <= $2${ofChecks} GROUP BY check_id
     ), by_check AS (
       SELECT check_id, min(coalesce("from", created_at)) AS since FROM notification_silences
        WHERE check_id IS NOT NULL AND ${SILENCE_IN_FORCE} GROUP BY check_id
     ), by_canary AS (
       SELECT canary_id, min(coalesce("from", created_at)) AS since FROM notification_silences
        WHERE canary_id IS NOT NULL AND ${SILENCE_IN_FORCE} GROUP BY canary_id
     )${rolling}
     SELECT c.id, c.canary_id, k.name AS canary_name, k.namespace AS canary_namespace, c.agent_id, c.description, c.icon,
       coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels, c.last_transition_time, c.name,
       c.namespace, c.owner, c.severity, c.status, c.type, c.last_runtime, c.next_runtime, c.created_at, c.updated_at,
       c.deleted_at, coalesce(c.silenced_at, least(bc.since, bk.since)) AS silenced_at,
       s.passed, s.failed, s.last_pass, s.last_fail, s.p[1] AS p95, s.p[2] AS p97, s.p[3] AS p99,
       ${coversLastHour ? 's.rolling1h' : 'r.rolling1h'}
     FROM checks c
     JOIN canaries k ON k.id = c.canary_id
     LEFT JOIN s ON s.check_id = c.id
     LEFT JOIN by_check bc ON bc.check_id = c.id
     LEFT JOIN by_canary bk ON bk.canary_id = c.canary_id
     ${coversLastHour ? '' : 'LEFT JOIN r ON r.check_id = c.id'}
     ${sql.whereClause()}) x
     ORDER BY ${order}`,
    sql.params,
  );
  const items = result.rows.map(({ j }) => {
    // Timestamps arrive as the database's JSON strings; databaseIso() writes them exactly as toIso() would.
    const row = JSON.parse(j) as SummaryRow;
    const passed = row.passed ?? 0;
    const failed = row.failed ?? 0;
    const total = passed + failed;
    return omitEmpty({
      id: row.id,
      canary_id: row.canary_id,
      canary_name: row.canary_name,
      canary_namespace: row.canary_namespace,
      agent_id: row.agent_id,
      description: row.description,
      icon: row.icon,
      labels: row.labels ?? {},
      last_transition_time: databaseIso(row.last_transition_time),
      latency: omitEmpty({
        p99: num(row.p99) || undefined,
        p97: num(row.p97) || undefined,
        p95: num(row.p95) || undefined,
        rolling1h: num(row.rolling1h) ?? 0,
      }),
      name: row.name,
      namespace: row.namespace,
      owner: row.owner,
      severity: row.severity,
      status: row.status,
      type: row.type,
      uptime: omitEmpty({
        passed,
        failed,
        p100: total > 0 ? Math.round((passed / total) * 10000) / 100 : undefined,
        last_pass: databaseIso(row.last_pass),
        last_fail: databaseIso(row.last_fail),
      }),
      last_runtime: databaseIso(row.last_runtime),
      next_runtime: databaseIso(row.next_runtime),
      created_at: databaseIso(row.created_at),
      updated_at: databaseIso(row.updated_at),
      deleted_at: databaseIso(row.deleted_at),
      silenced_at: databaseIso(row.silenced_at),
    });
  });
  const body: Record<string, unknown> = {
    duration: Math.round(performance.now() - started),
    runnerName: RUNNER_NAME,
  };
  if (items.length) body.checks_summary = items;
  return body;
}

/** Bucket width for a range (§2.3): ≤2h → 1 min, ≤24h → 15 min, ≤7d → 1 h, longer → 4 h; widened to fit `count`. */
export function bucketSeconds(rangeMs: number, count?: number): number {
  const hour = 3_600_000;
  let seconds =
    rangeMs <= 2 * hour ? 60 : rangeMs <= 24 * hour ? 900 : rangeMs <= 7 * 24 * hour ? 3600 : 4 * 3600;
  const max = Math.min(300, count && count > 0 ? count : 300);
  const needed = Math.ceil(rangeMs / 1000 / max);
  if (needed > seconds) seconds = Math.ceil(needed / 60) * 60;
  return seconds;
}

/** GET /canary/api/graph — status buckets, uptime and latency percentiles of one check over a range. */
async function graph(ctx: AuthedContext): Promise<Response> {
  const started = performance.now();
  const checkId = firstParam(ctx.url, 'check', 'check_id', 'checkId');
  if (!checkId) throw badRequest('check is required');
  if (!isUuid(checkId)) throw badRequest(`invalid check id: ${checkId.slice(0, 64)}`);
  const now = new Date();
  const end = firstParam(ctx.url, 'end', 'until');
  const start = firstParam(ctx.url, 'start', 'since');
  const to = end ? parseTimeParam('end', end, now) : now;
  const from = start ? parseTimeParam('start', start, now) : new Date(to.getTime() - 3_600_000);
  if (from.getTime() >= to.getTime()) throw badRequest('invalid time range: start must be before end');
  const countText = firstParam(ctx.url, 'count');
  const count = countText === undefined ? undefined : Number(countText);
  if (count !== undefined && (!Number.isInteger(count) || count < 1))
    throw badRequest('invalid count: expected a positive integer');
  const exists = await ctx.services.db.query('SELECT 1 FROM checks WHERE id = $1', [checkId]);
  if (exists.rows.length === 0) throw notFound(`check (${checkId}) was not found`);
  const width = bucketSeconds(to.getTime() - from.getTime(), count);
  const params = [checkId, from.toISOString(), to.toISOString(), width];
  const includeMessages = firstParam(ctx.url, 'includeMessages') === 'true';
  const buckets = await ctx.services.db.query<{
    bucket: Date;
    status: boolean;
    duration: number;
    passed: number;
    failed: number;
    message: string | null;
  }>(
    `SELECT to_timestamp(floor(extract(epoch FROM time) / $4) * $4) AS bucket, bool_and(coalesce(status, false)) AS status,
            round(avg(duration))::int AS duration, count(*) FILTER (WHERE status)::int AS passed,
            count(*) FILTER (WHERE NOT status)::int AS failed,
            (array_agg(coalesce(error, message) ORDER BY time DESC))[1] AS message
       FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3
      GROUP BY 1 ORDER BY 1`,
    params,
  );
  const stats = await ctx.services.db.query<{
    p95: number | null;
    p97: number | null;
    p99: number | null;
    rolling1h: string | null;
  }>(
    `SELECT percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
            percentile_disc(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
            percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
            (SELECT round(avg(duration))::text FROM check_statuses
              WHERE check_id = $1 AND time > $3::timestamptz - interval '1 hour' AND time <= $3) AS rolling1h
       FROM check_statuses WHERE check_id = $1 AND time > $2 AND time <= $3`,
    params.slice(0, 3),
  );
  const s = stats.rows[0];
  const status = buckets.rows.map((b) => ({
    time: toIso(b.bucket),
    status: b.status,
    duration: b.duration ?? 0,
    passed: b.passed,
    failed: b.failed,
    // The latest message of the bucket, only on request (evidence views show it; the chart does not).
    ...(includeMessages && b.message ? { message: b.message } : {}),
  }));
  const passed = status.reduce((n, b) => n + b.passed, 0);
  const failed = status.reduce((n, b) => n + b.failed, 0);
  return json({
    duration: Math.round(performance.now() - started),
    runnerName: RUNNER_NAME,
    status: status.length ? status : null,
    latency: status.length
      ? {
          p99: num(s?.p99) ?? 0,
          p97: num(s?.p97) ?? 0,
          p95: num(s?.p95) ?? 0,
          rolling1h: num(s?.rolling1h) ?? 0,
        }
      : {},
    uptime: omitEmpty({
      passed,
      failed,
      p100: passed + failed > 0 ? Math.round((passed / (passed + failed)) * 10000) / 100 : undefined,
    }),
  });
}

/** POST /canary/run/check/{id} — runs the check now: a new status row, the check's status and run times updated. */
async function runCheck(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound(`check (${id.slice(0, 64)}) was not found`);
  const [check] = await loadRunnableChecks(ctx.services.db, [id]);
  if (!check) throw notFound(`check (${id}) was not found`);
  const result = simulateCheck(check, new Date());
  await ctx.services.db.transaction((tx) => recordCheckResults(tx, [check], [result]));
  return json({
    total: 1,
    success: result.pass ? 1 : 0,
    failed: result.pass ? 0 : 1,
    errors: result.error ? [result.error] : [],
    name: result.name,
    start: result.time.toISOString(),
    pass: result.pass,
    duration: result.duration,
    message: result.message,
    ...(result.error ? { error: result.error } : {}),
  });
}

const CANARIES_READ = { object: 'canaries', action: 'read' };

/** Health-check (canary-checker) endpoints; the RBAC gate checks `permission` before each handler runs. */
export const canaryRoutes: Route[] = [
  {
    method: 'GET',
    path: '/canary/about',
    permission: CANARIES_READ,
    handle: async () =>
      jsonResponse({ Version: EMBEDDED_BACKEND_VERSION, Timestamp: EMBEDDED_BACKEND_STARTED_AT }),
  },
  { method: 'GET', path: '/canary/api/summary', permission: CANARIES_READ, handle: endpoint(summary) },
  { method: 'POST', path: '/canary/api/summary', permission: CANARIES_READ, handle: endpoint(summary) },
  { method: 'GET', path: '/canary/api/graph', permission: CANARIES_READ, handle: endpoint(graph) },
  // The real backend serves it with RLS only; here it is gated like every other topology read (/db/components,
  // /snapshot/topology): a guest may not read components, nor spend the server's time matching its filters.
  {
    method: 'GET',
    path: '/canary/api/topology',
    permission: { object: 'topology', action: 'read' },
    handle: endpoint(topologyHandler),
  },
  {
    method: 'POST',
    path: '/canary/run/check/:id',
    permission: { object: 'canaries', action: 'create' },
    handle: endpoint(runCheck),
  },
];
