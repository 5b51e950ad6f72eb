import { endpoint } from './shared/handler';
import { badRequest, isUuid, json, omitEmpty, readJsonObject } from './shared/http';
import { cachePerDatabase } from './shared/response-cache';
import { searchResources } from './shared/resource-search';
import { labelValueOnlyAsString } from '@/lib/label-containment';
import { andLabelSelector } from './shared/label-selector';
import { SqlBuilder, andFilter, globToLike } from './shared/sql';
import { parseDurationMs, parseTimeParam, toIso } from './shared/time';
import type { Queryable } from '../db/types';
import type { AuthedContext, Route } from './types';

/** Catalog endpoints (backend-contract §2.5, §2.6): grouped summary and the change feed. */

const CATALOG_READ = { object: 'catalog', action: 'read' };

function str(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(String).join(',') || undefined;
  throw badRequest(`bad request: ${key} must be a string`);
}

function bool(body: Record<string, unknown>, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (typeof v === 'object' && v !== null) return undefined;
  throw badRequest(`bad request: ${key} must be a boolean`);
}

// ---- POST /catalog/summary -----------------------------------------------------------------------------------------

const COST_COLUMNS: Record<string, string> = {
  '1h': 'ci.cost_per_minute * 60',
  '1d': 'ci.cost_total_1d',
  '7d': 'ci.cost_total_7d',
  '30d': 'ci.cost_total_30d',
};

/**
 * How long a computed summary is answered while no catalog data changed (catalog_data_version, migration 0030), and
 * how much longer it is still answered at once while one caller recomputes it: only the relative windows
 * (`changes.since`) drift meanwhile, as the real backend's summary views drift between their scheduled refreshes.
 */
const SUMMARY_TTL_MS = 60_000;
const SUMMARY_STALE_MS = 10 * 60_000;
const summaryCache = cachePerDatabase<Uint8Array<ArrayBuffer>>({
  ttlMs: SUMMARY_TTL_MS,
  staleMs: SUMMARY_STALE_MS,
  sequence: 'catalog_data_version',
});
const utf8 = new TextEncoder();

/** JSON with object keys sorted at every level, so equal requests share one cache entry. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The summary answer is shared per canonical request body (it does not depend on who asks: the gate is catalog:read).
 * A request that fails validation fails its computation, which the cache never keeps.
 */
async function catalogSummary(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const bytes = await summaryCache(ctx.services.db).get(ctx.services.db, canonical(body), async () =>
    utf8.encode(JSON.stringify(await catalogSummaryRows(ctx.services.db, body))),
  );
  return new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}

/** Group keys and filters the trigger-kept aggregates of migration 0351 answer (the columns of their key). */
const AGGREGATE_KEYS = new Set(['type', 'config_class', 'status', 'health', 'agent_id']);
const AGGREGATE_COSTS: Record<string, string> = {
  '1h': 'sum(ci.cost_per_minute) * 60',
  '1d': 'sum(ci.cost_total_1d)',
  '7d': 'sum(ci.cost_total_7d)',
  '30d': 'sum(ci.cost_total_30d)',
};
const AGGREGATE_COST_COUNTS: Record<string, string> = {
  '1h': 'cost_per_minute_n',
  '1d': 'cost_total_1d_n',
  '7d': 'cost_total_7d_n',
  '30d': 'cost_total_30d_n',
};

interface SummaryQuery {
  groupBy: string[];
  cost: string | undefined;
  changesMs: number | undefined;
  analysisMs: number | undefined;
  deleted: boolean;
  /** Adds the filters on items (all but deleted) to a builder, as conditions on `ci.` columns. */
  filters(sql: SqlBuilder): void;
  /** Whether the aggregates can answer: group keys and filters within their key (no label or tag). */
  aggregated: boolean;
  /** Whether a label filter narrows the items through migration 0353's containment index. */
  labelContained: boolean;
}

function parseSummary(body: Record<string, unknown>, labelIndex = true): SummaryQuery {
  const groupByRaw = body.groupBy ?? ['type'];
  if (!Array.isArray(groupByRaw) || groupByRaw.some((g) => typeof g !== 'string' || g.trim() === '')) {
    throw badRequest('groupBy must be a list of names');
  }
  const groupBy = (groupByRaw as string[]).map((g) => g.trim()).filter((g, i, all) => all.indexOf(g) === i);
  if (groupBy.length === 0) groupBy.push('type');
  if (groupBy.length > 5) throw badRequest('groupBy accepts at most 5 keys');
  const cost = str(body, 'cost');
  if (cost !== undefined && !COST_COLUMNS[cost])
    throw badRequest(`invalid cost range ${cost}: expected one of 1h, 1d, 7d, 30d`);
  const changesSince = (body.changes as { since?: unknown } | undefined)?.since;
  const analysisSince = (body.analysis as { since?: unknown } | undefined)?.since;
  const sinceMs = (v: unknown, name: string): number | undefined => {
    if (v === undefined || v === null || v === '') return undefined;
    const ms = parseDurationMs(String(v));
    if (ms === undefined) throw badRequest(`invalid ${name}.since: ${String(v).slice(0, 32)}`);
    return ms;
  };
  const changesMs = sinceMs(changesSince, 'changes') ?? (body.changes ? 30 * 86_400_000 : undefined);
  const analysisMs = sinceMs(analysisSince, 'analysis') ?? (body.analysis ? 30 * 86_400_000 : undefined);
  const deleted = bool(body, 'deleted') === true;
  const status = str(body, 'status');
  const health = str(body, 'health');
  const type = str(body, 'type') ?? str(body, 'config_type');
  const filter = body.filter;
  if (filter !== undefined && filter !== null && (typeof filter !== 'object' || Array.isArray(filter)))
    throw badRequest('filter must be an object of label filters');
  const labels = Object.entries((filter ?? {}) as Record<string, unknown>);
  const tags = (Array.isArray(body.tags) ? (body.tags as unknown[]) : []).filter(
    (t): t is string => typeof t === 'string' && t.includes('='),
  );
  const labelValues = labels.map(([key, raw]) => {
    const items = String(raw)
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const include = items.filter((v) => !v.startsWith('!'));
    // Containment is a narrowing only where no number, boolean or object label could equal an included text.
    const contained = labelIndex && include.length > 0 && include.every(labelValueOnlyAsString);
    return { key, items, include, contained };
  });
  const filters = (sql: SqlBuilder) => {
    andFilter(sql, 'ci.status', status);
    andFilter(sql, 'ci.health', health);
    andFilter(sql, 'ci.type', type);
    for (const { key, items, include, contained } of labelValues) {
      const k = sql.add(key);
      for (const item of items.filter((v) => v.startsWith('!')))
        sql.and(`(ci.labels ->> ${k}) IS DISTINCT FROM ${sql.add(item.slice(1))}`);
      if (include.length) sql.and(`(ci.labels ->> ${k}) = ANY(${sql.add(include)}::text[])`);
      // The same items read through migration 0353's index (the equality above stays the exact test).
      if (contained)
        sql.and(`ci.labels @> ANY(${sql.add(include.map((v) => JSON.stringify({ [key]: v })))}::jsonb[])`);
    }
    for (const t of tags) {
      const [k = '', v = ''] = t.split('=', 2);
      sql.and(`(ci.tags ->> ${sql.add(k.trim())}) = ${sql.add(v.trim())}`);
    }
  };
  const aggregated = groupBy.every((g) => AGGREGATE_KEYS.has(g)) && labels.length === 0 && tags.length === 0;
  const labelContained = labelValues.some((l) => l.contained);
  return { groupBy, cost, changesMs, analysisMs, deleted, filters, aggregated, labelContained };
}

/** The group expressions: fixed columns group by themselves; anything else is a tag key read with a bound parameter. */
function groupExpressions(sql: SqlBuilder, groupBy: string[]): string[] {
  return groupBy.map((g) =>
    AGGREGATE_KEYS.has(g)
      ? `ci.${g}::text`
      : g.startsWith('label:')
        ? `ci.labels ->> ${sql.add(g.slice('label:'.length))}`
        : `ci.tags ->> ${sql.add(g.startsWith('tag:') ? g.slice('tag:'.length) : g)}`,
  );
}

interface SummaryResult {
  rows: Record<string, unknown>[];
  /** Open analyses by type, per index into rows. */
  analysisByGroup: Map<number, Record<string, number>>;
}

/**
 * The rows of POST /catalog/summary: from the aggregates where they answer, otherwise by a scan (`scan: true` forces
 * the scan, which the contract tests compare the aggregates' answers with; `labelIndex: false` reads label filters
 * without migration 0353's containment index, as before it, for the same comparison).
 */
export async function catalogSummaryRows(
  db: Queryable,
  body: Record<string, unknown>,
  options: { scan?: boolean; labelIndex?: boolean } = {},
): Promise<Record<string, unknown>[]> {
  const q = parseSummary(body, options.labelIndex);
  const { rows, analysisByGroup } =
    q.aggregated && !options.scan ? await aggregateSummary(db, q) : await scanSummary(db, q);
  const { groupBy, cost, analysisMs } = q;
  return rows.map((r, i) => {
    const out: Record<string, unknown> = {};
    groupBy.forEach((g, j) => {
      out[g.replace(/^(tag|label):/, '')] = r[`g${j}`] ?? null;
    });
    const analysis = analysisByGroup.get(i) ?? {};
    Object.assign(
      out,
      omitEmpty({
        count: r.count,
        health: r.health ?? {},
        created_at: toIso(r.created_at),
        updated_at: toIso(r.updated_at),
        changes: r.changes,
        // Keys in name order, so the answer does not depend on the order the database grouped the analyses in.
        analysis:
          analysisMs !== undefined
            ? Object.fromEntries(
                Object.keys(analysis)
                  .sort()
                  .map((k) => [k, analysis[k]]),
              )
            : undefined,
        [`cost_${cost ?? ''}`]: cost ? r.cost : undefined,
        cost_per_minute: r.cost_per_minute,
        cost_total_1d: r.cost_total_1d,
        cost_total_7d: r.cost_total_7d,
        cost_total_30d: r.cost_total_30d,
      }),
    );
    return out;
  });
}

/** The summary by a scan of every matching item (and of the window's changes): label and tag filters or groupings. */
async function scanSummary(db: Queryable, q: SummaryQuery): Promise<SummaryResult> {
  const { groupBy, cost, changesMs, analysisMs } = q;
  const sql = new SqlBuilder();
  const groupExpr = groupExpressions(sql, groupBy);
  if (!q.deleted) sql.and('ci.deleted_at IS NULL');
  q.filters(sql);
  const groupCols = groupExpr.map((e, i) => `${e} AS g${i}`).join(', ');
  const groupRefs = groupExpr.map((_, i) => `g${i}`).join(', ');
  const since = changesMs !== undefined ? `now() - make_interval(secs => ${sql.add(changesMs / 1000)})` : '';
  let changesCte = 'SELECT NULL::uuid AS config_id, 0 AS n WHERE false';
  let changesJoin = 'LEFT JOIN ch ON ch.config_id = ci.id';
  if (changesMs !== undefined && q.labelContained) {
    // Few items through the label index: each one's changes counted by id (3.9 s at a million items counting the
    // window's changes of every item, then joining the matches).
    changesCte = '';
    changesJoin = `CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM config_changes cc
                     WHERE cc.config_id = ci.id AND cc.created_at > ${since}) ch`;
  } else if (changesMs !== undefined) {
    // Changes are counted once per item in a CTE and summed per group, which keeps the query linear.
    changesCte = `SELECT config_id, count(*)::int AS n FROM config_changes WHERE created_at > ${since} GROUP BY config_id`;
  }
  const changesCol = changesMs !== undefined ? 'sum(coalesce(ch.n, 0))::int' : 'NULL::int';
  const costCol = cost ? `sum(${COST_COLUMNS[cost]})::float8` : 'NULL::float8';
  const result = await db.query<Record<string, unknown>>(
    `${changesCte ? `WITH ch AS (${changesCte})` : ''}
     SELECT ${groupCols}, count(*)::int AS count, max(ci.created_at) AS created_at, max(ci.updated_at) AS updated_at,
            (SELECT jsonb_object_agg(h, n) FROM (SELECT coalesce(x.health, 'unknown') AS h, count(*)::int AS n
               FROM unnest(array_agg(ci.health)) AS x(health) GROUP BY 1) hs) AS health,
            ${changesCol} AS changes, ${costCol} AS cost,
            sum(ci.cost_per_minute)::float8 AS cost_per_minute, sum(ci.cost_total_1d)::float8 AS cost_total_1d,
            sum(ci.cost_total_7d)::float8 AS cost_total_7d, sum(ci.cost_total_30d)::float8 AS cost_total_30d,
            array_agg(ci.id) AS ids
       FROM config_items ci ${changesJoin} ${sql.whereClause()}
      GROUP BY ${groupRefs} ORDER BY ${groupRefs}`,
    sql.params,
  );
  const analysisByGroup = new Map<number, Record<string, number>>();
  if (analysisMs !== undefined && result.rows.length) {
    // Counted per item in SQL, then folded into groups here through the ids each group row carries.
    const groupOf = new Map<string, number>();
    result.rows.forEach((r, i) => {
      for (const id of (r.ids as string[] | null) ?? []) groupOf.set(id, i);
    });
    const analysis = await db.query<{
      config_id: string;
      analysis_type: string | null;
      n: number;
    }>(
      `SELECT config_id, analysis_type, count(*)::int AS n FROM config_analysis
        WHERE status = 'open' AND first_observed > now() - make_interval(secs => $1) GROUP BY 1, 2`,
      [analysisMs / 1000],
    );
    for (const a of analysis.rows) {
      const grp = groupOf.get(a.config_id);
      if (grp === undefined) continue;
      addAnalysis(analysisByGroup, grp, a);
    }
  }
  return { rows: result.rows, analysisByGroup };
}

function addAnalysis(
  byGroup: Map<number, Record<string, number>>,
  group: number,
  a: { analysis_type: string | null; n: number },
): void {
  const m = byGroup.get(group) ?? {};
  const key = a.analysis_type ?? 'other';
  m[key] = (m[key] ?? 0) + a.n;
  byGroup.set(group, m);
}

/**
 * The summary from the aggregates of migration 0351: items per key, changes per key and day or hour (plus the changes
 * of the window's first, partial hour read from config_changes), and the window's open analyses joined to their items.
 */
async function aggregateSummary(db: Queryable, q: SummaryQuery): Promise<SummaryResult> {
  const { groupBy, cost, changesMs, analysisMs } = q;
  const sql = new SqlBuilder();
  const groupExpr = groupExpressions(sql, groupBy);
  const groupCols = groupExpr.map((e, i) => `${e} AS g${i}`).join(', ');
  const groupRefs = groupExpr.map((_, i) => `g${i}`).join(', ');
  const conditions = (deleted: string): string => {
    const part = new SqlBuilder();
    part.params.push(...sql.params);
    q.filters(part);
    sql.params.splice(0, sql.params.length, ...part.params);
    return [...(q.deleted ? [] : [deleted]), ...part.where].map((c) => ` AND ${c}`).join('');
  };
  const onAggregates = conditions('NOT ci.deleted');
  const costCol = cost
    ? `CASE WHEN sum(ci.${AGGREGATE_COST_COUNTS[cost]}) > 0 THEN (${AGGREGATE_COSTS[cost]})::float8 END`
    : 'NULL::float8';
  const costSum = (c: string) => `CASE WHEN sum(ci.${c}_n) > 0 THEN sum(ci.${c})::float8 END AS ${c}`;
  let changesCte = '';
  let changesCol = 'NULL::int';
  let changesJoin = '';
  if (changesMs !== undefined) {
    const onItems = conditions('ci.deleted_at IS NULL');
    // The window's start as a value, not now() - …: the planner then sees how few changes the partial first hour
    // holds and looks their items up by id (with now() it expected a million and hashed every item: 435 ms at 1 M).
    const since = `${sql.add(new Date(Date.now() - changesMs).toISOString())}::timestamptz`;
    changesCte = `,
      ch AS (SELECT ${groupRefs}, sum(n) AS n FROM (
          SELECT ${groupCols}, ci.n FROM console_internal.catalog_summary_changes ci
           WHERE ci.width = interval '1 day' AND ci.bucket > ${since}${onAggregates}
          UNION ALL
          SELECT ${groupCols}, ci.n FROM console_internal.catalog_summary_changes ci
           WHERE ci.width = interval '1 hour' AND ci.bucket > ${since}
             AND ci.bucket < date_bin('1 day', ${since}, '2000-01-01 00:00:00+00') + interval '1 day'${onAggregates}
          UNION ALL
          SELECT ${groupCols}, 1 FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
           WHERE cc.created_at > ${since}
             AND cc.created_at < date_bin('1 hour', ${since}, '2000-01-01 00:00:00+00') + interval '1 hour'${onItems}
        ) u GROUP BY ${groupRefs})`;
    changesCol = 'coalesce(ch.n, 0)::int';
    changesJoin = `LEFT JOIN ch ON ${groupExpr.map((_, i) => `ch.g${i} IS NOT DISTINCT FROM items.g${i}`).join(' AND ')}`;
  }
  const result = await db.query<Record<string, unknown>>(
    `WITH items AS (
       SELECT ${groupCols}, sum(ci.n)::int AS count, max(ci.created_at) AS created_at, max(ci.updated_at) AS updated_at,
              (SELECT jsonb_object_agg(h, n) FROM (SELECT coalesce(x.health, 'unknown') AS h, sum(x.n)::int AS n
                 FROM unnest(array_agg(ci.health), array_agg(ci.n)) AS x(health, n) GROUP BY 1) hs) AS health,
              ${costCol} AS cost, ${['cost_per_minute', 'cost_total_1d', 'cost_total_7d', 'cost_total_30d'].map(costSum).join(', ')}
         FROM console_internal.catalog_summary_items ci WHERE ci.n > 0${onAggregates}
        GROUP BY ${groupRefs})${changesCte}
     SELECT items.*, ${changesCol} AS changes FROM items ${changesJoin}
      ORDER BY ${groupExpr.map((_, i) => `items.g${i}`).join(', ')}`,
    sql.params,
  );
  const analysisByGroup = new Map<number, Record<string, number>>();
  if (analysisMs !== undefined && result.rows.length) {
    const keyOf = (r: Record<string, unknown>) => JSON.stringify(groupExpr.map((_, i) => r[`g${i}`] ?? null));
    const groupOf = new Map(result.rows.map((r, i) => [keyOf(r), i]));
    const a = new SqlBuilder();
    const aGroups = groupExpressions(a, groupBy);
    a.and(`ca.status = 'open'`);
    a.and(`ca.first_observed > now() - make_interval(secs => ${a.add(analysisMs / 1000)})`);
    if (!q.deleted) a.and('ci.deleted_at IS NULL');
    q.filters(a);
    const analysis = await db.query<Record<string, unknown> & { analysis_type: string | null; n: number }>(
      `SELECT ${aGroups.map((e, i) => `${e} AS g${i}`).join(', ')}, ca.analysis_type, count(*)::int AS n
         FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id ${a.whereClause()}
        GROUP BY ${aGroups.map((_, i) => `g${i}`).join(', ')}, ca.analysis_type`,
      a.params,
    );
    for (const row of analysis.rows) {
      const grp = groupOf.get(keyOf(row));
      if (grp !== undefined) addAnalysis(analysisByGroup, grp, row);
    }
  }
  return { rows: result.rows, analysisByGroup };
}

// ---- POST /catalog/changes -----------------------------------------------------------------------------------------

const SEVERITY_ORDER = ['info', 'low', 'medium', 'high', 'critical'];
const SORT_COLUMNS: Record<string, string> = {
  name: 'ci.name',
  change_type: 'cc.change_type',
  summary: 'cc.summary',
  source: 'cc.source',
  created_at: 'cc.created_at',
  count: 'cc.count',
  severity: 'cc.severity',
  type: 'ci.type',
  first_observed: 'cc.first_observed',
};
const RECURSIVE = ['upstream', 'downstream', 'none', 'all'];
/** Sort columns that are NOT NULL: ordered without NULLS LAST, so `created_at DESC, id` walks its index and stops at the page. */
const NOT_NULL_SORTS = new Set(['cc.created_at', 'cc.count', 'cc.first_observed']);

function positiveInt(body: Record<string, unknown>, key: string, fallback: number, max: number): number {
  const v = body[key];
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw badRequest(`bad request: ${key} must be an integer from 1 to ${max}`);
  return n;
}

/** The config ids whose changes belong to a recursive query rooted at `id` (backend-contract §2.6). */
function recursiveIds(sql: SqlBuilder, id: string, mode: string, depth: number): string {
  const root = sql.add(id);
  if (mode === 'none') return `SELECT ${root}::uuid`;
  const d = `${sql.add(depth)}::int`;
  if (mode === 'downstream') {
    return `WITH RECURSIVE down(id, depth) AS (
        SELECT ${root}::uuid, 0
        UNION SELECT c.id, down.depth + 1 FROM config_items c JOIN down ON c.parent_id = down.id WHERE down.depth < ${d}
      ) SELECT id FROM down`;
  }
  if (mode === 'upstream') {
    return `WITH RECURSIVE up(id, parent_id, depth) AS (
        SELECT c.id, c.parent_id, 0 FROM config_items c WHERE c.id = ${root}::uuid
        UNION SELECT c.id, c.parent_id, up.depth + 1 FROM config_items c JOIN up ON c.id = up.parent_id WHERE up.depth < ${d}
      ) SELECT id FROM up`;
  }
  return `WITH RECURSIVE rel(id, depth) AS (
      SELECT ${root}::uuid, 0
      UNION SELECT CASE WHEN r.config_id = rel.id THEN r.related_id ELSE r.config_id END, rel.depth + 1
        FROM config_relationships r JOIN rel ON (r.config_id = rel.id OR r.related_id = rel.id)
       WHERE r.deleted_at IS NULL AND rel.depth < ${d}
    ) SELECT DISTINCT id FROM rel`;
}

/** The feed's filters on the columns migration 0352's counts are kept by, written against the given columns. */
function andFeedKeys(
  sql: SqlBuilder,
  body: Record<string, unknown>,
  column: { type: string; changeType: string; severity: string },
): void {
  andFilter(sql, column.type, str(body, 'config_type'));
  andFilter(sql, column.changeType, str(body, 'type') ?? str(body, 'change_type'));
  const severity = str(body, 'severity');
  if (!severity) return;
  for (const s of severity
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean)) {
    if (s.startsWith('!')) {
      sql.and(`${column.severity} IS DISTINCT FROM ${sql.add(s.slice(1))}`);
      continue;
    }
    const at = SEVERITY_ORDER.indexOf(s);
    if (at < 0) throw badRequest(`bad request: unknown severity ${s.slice(0, 32)}`);
    sql.and(`lower(${column.severity}) = ANY(${sql.add(SEVERITY_ORDER.slice(at))}::text[])`);
  }
}

async function catalogChanges(ctx: AuthedContext): Promise<Response> {
  const body =
    ctx.request.method === 'GET'
      ? Object.fromEntries(ctx.url.searchParams)
      : await readJsonObject(ctx.request);
  return json(await catalogChangesAnswer(ctx.services.db, body));
}

/**
 * The answer of POST /catalog/changes: the page of changes, and their counts per change type from migration 0352's
 * aggregate where its keys cover the filters, otherwise by counting the window (`scan: true` forces the count, which
 * the contract tests compare the aggregate's answers with).
 */
export async function catalogChangesAnswer(
  db: Queryable,
  body: Record<string, unknown>,
  options: { scan?: boolean; now?: Date } = {},
): Promise<{ summary: Record<string, number>; total: number; changes: Record<string, unknown>[] }> {
  const now = options.now ?? new Date();
  const sql = new SqlBuilder();
  const recursive = str(body, 'recursive') ?? 'downstream';
  if (!RECURSIVE.includes(recursive))
    throw badRequest(`bad request: recursive must be one of ${RECURSIVE.join(', ')}`);
  const depth = positiveInt(body, 'depth', 5, 20);
  const page = positiveInt(body, 'page', 1, 1_000_000);
  const pageSize = positiveInt(body, 'page_size', 50, 2000);

  const id = str(body, 'id');
  if (id) {
    const items = id
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    const positive = items.filter((v) => !v.startsWith('!'));
    const negative = items.filter((v) => v.startsWith('!')).map((v) => v.slice(1));
    if ([...positive, ...negative].every(isUuid)) {
      if (positive.length === 1 && positive[0]) {
        sql.and(`cc.config_id IN (${recursiveIds(sql, positive[0], recursive, depth)})`);
      } else if (positive.length > 1) {
        sql.and(`cc.config_id = ANY(${sql.add(positive)}::uuid[])`);
      }
      if (negative.length) sql.and(`NOT cc.config_id = ANY(${sql.add(negative)}::uuid[])`);
    } else {
      // Anything that is not a UUID list is a resource search over configs.
      const found = await searchResources(db, 'configs', { search: id }, 500);
      sql.and(`cc.config_id = ANY(${sql.add(found.map((f) => f.id))}::uuid[])`);
    }
  }
  andFeedKeys(sql, body, { type: 'ci.type', changeType: 'cc.change_type', severity: 'cc.severity' });
  const createdBy = str(body, 'created_by');
  if (createdBy) {
    if (isUuid(createdBy)) sql.and(`cc.created_by = ${sql.add(createdBy)}::uuid`);
    else
      andFilter(
        sql,
        'cc.external_created_by',
        createdBy.includes('*') || createdBy.includes(',') ? createdBy : `*${createdBy}*`,
        true,
      );
  }
  andFilter(sql, 'cc.external_created_by', str(body, 'external_created_by'), true);
  const summary = str(body, 'summary');
  if (summary) {
    if (summary.includes('*') || summary.includes(',') || summary.startsWith('!'))
      andFilter(sql, 'cc.summary', summary, true);
    else sql.and(`cc.summary ILIKE ${sql.add(`%${globToLike(summary)}%`)}`);
  }
  andFilter(sql, 'cc.source', str(body, 'source'));
  const fromText = str(body, 'from');
  const toText = str(body, 'to');
  const from = fromText
    ? parseTimeParam('from', fromText, now)
    : toText
      ? undefined
      : new Date(now.getTime() - 2 * 86_400_000);
  const to = toText ? parseTimeParam('to', toText, now) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw badRequest('bad request: from must be before to');
  if (from) sql.and(`cc.created_at > ${sql.add(from.toISOString())}`);
  if (to) sql.and(`cc.created_at <= ${sql.add(to.toISOString())}`);
  const fromInserted = str(body, 'from_inserted_at');
  const toInserted = str(body, 'to_inserted_at');
  if (fromInserted)
    sql.and(
      `cc.inserted_at > ${sql.add(parseTimeParam('from_inserted_at', fromInserted, now).toISOString())}`,
    );
  if (toInserted)
    sql.and(`cc.inserted_at <= ${sql.add(parseTimeParam('to_inserted_at', toInserted, now).toISOString())}`);
  // Written against the few deleted items (a hashed set) rather than as ci.deleted_at, so the count needs no join.
  if (bool(body, 'include_deleted_configs') !== true)
    sql.and('cc.config_id NOT IN (SELECT d.id FROM config_items d WHERE d.deleted_at IS NOT NULL)');
  andLabelSelector(sql, 'ci.tags', str(body, 'tags'));
  const agent = str(body, 'agent_id');
  if (agent && agent !== 'all') {
    const agentId = agent === 'local' ? '00000000-0000-0000-0000-000000000000' : agent;
    if (!isUuid(agentId)) throw badRequest(`bad request: invalid agent_id ${agent.slice(0, 64)}`);
    sql.and(`ci.agent_id = ${sql.add(agentId)}::uuid`);
  }
  const sortBy = str(body, 'sort_by') ?? '-created_at';
  const desc = sortBy.startsWith('-');
  const sortColumn = SORT_COLUMNS[desc ? sortBy.slice(1) : sortBy];
  if (!sortColumn)
    throw badRequest(
      `bad request: sort_by must be one of ${Object.keys(SORT_COLUMNS).join(', ')} (prefix - for descending)`,
    );

  const from_ = `FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id ${sql.whereClause()}`;
  // Counting reads the items only through the conditions on them, as a set of ids (a semi-join over the matching
  // items), never by joining every item to every change.
  const onItems = sql.where.filter((w) => /\bci\./.test(w));
  const onChanges = sql.where.filter((w) => !/\bci\./.test(w));
  if (onItems.length)
    onChanges.push(`cc.config_id IN (SELECT ci.id FROM config_items ci WHERE ${onItems.join(' AND ')})`);
  const countFrom = `FROM config_changes cc${onChanges.length ? ` WHERE ${onChanges.join(' AND ')}` : ''}`;
  const includeDeleted = bool(body, 'include_deleted_configs') === true;
  const counts =
    options.scan || !countedByAggregate(body)
      ? await db.query<{ change_type: string | null; n: number }>(
          `SELECT cc.change_type, count(*)::int AS n ${countFrom} GROUP BY 1 ORDER BY 1`,
          sql.params,
        )
      : await aggregateFeedCounts(db, body, { from, to, includeDeleted });
  const limit = sql.add(pageSize);
  const offset = sql.add((page - 1) * pageSize);
  const rows = await db.query<Record<string, unknown>>(
    `SELECT cc.id, cc.config_id, ci.agent_id, cc.external_change_id, cc.change_type, cc.severity, cc.source, cc.summary,
            cc.created_at, cc.count, cc.first_observed, ci.name, ci.type, ci.config_class, ci.tags, cc.created_by,
            cc.external_created_by, ci.deleted_at, ci.path, cc.inserted_at
       ${from_}
      ORDER BY ${sortColumn} ${desc ? 'DESC' : 'ASC'}${NOT_NULL_SORTS.has(sortColumn) ? '' : ' NULLS LAST'}, cc.id
      LIMIT ${limit} OFFSET ${offset}`,
    sql.params,
  );
  const summaryCounts: Record<string, number> = {};
  let total = 0;
  for (const c of counts.rows) {
    summaryCounts[c.change_type ?? ''] = c.n;
    total += c.n;
  }
  const changes = rows.rows.map((r) =>
    omitEmpty({
      ...r,
      created_at: toIso(r.created_at),
      first_observed: toIso(r.first_observed),
      deleted_at: toIso(r.deleted_at),
      inserted_at: toIso(r.inserted_at),
    }),
  );
  return { summary: summaryCounts, total, changes };
}

/** Filters migration 0352's counts have no key for: with any of them the counts are a count of the window. */
const UNKEYED_FEED_FILTERS = [
  'id',
  'created_by',
  'external_created_by',
  'summary',
  'source',
  'from_inserted_at',
  'to_inserted_at',
  'tags',
];

function countedByAggregate(body: Record<string, unknown>): boolean {
  const agent = str(body, 'agent_id');
  return UNKEYED_FEED_FILTERS.every((key) => str(body, key) === undefined) && (!agent || agent === 'all');
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const iso = (ms: number) =>
  ms === -Infinity ? '-infinity' : ms === Infinity ? 'infinity' : new Date(ms).toISOString();

/**
 * The changes per change type in (from, to] from migration 0352's counts: whole UTC days and hours inside the window
 * from the aggregate, the partial first and last hour from config_changes (index on created_at, at most two hours).
 */
async function aggregateFeedCounts(
  db: Queryable,
  body: Record<string, unknown>,
  window: { from?: Date; to?: Date; includeDeleted: boolean },
): Promise<{ rows: { change_type: string | null; n: number }[] }> {
  const from = window.from?.getTime() ?? -Infinity;
  const to = window.to?.getTime() ?? Infinity;
  // The first whole hour starts after the hour `from` is in (`from` itself is outside the window); the last ends
  // where the hour `to` is in starts.
  const h0 = Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS;
  const h1 = Math.floor(to / HOUR_MS) * HOUR_MS;
  const d0 = Math.ceil(h0 / DAY_MS) * DAY_MS;
  const d1 = Math.floor(h1 / DAY_MS) * DAY_MS;
  const days = d0 < d1;
  const sql = new SqlBuilder();
  const [H0, H1, D0, D1, FROM, TO] = [h0, h1, days ? d0 : h1, days ? d1 : h1, from, to].map((ms) =>
    sql.add(iso(ms)),
  );
  const counted = new SqlBuilder(sql.params);
  andFeedKeys(counted, body, { type: 'a.config_type', changeType: 'a.change_type', severity: 'a.severity' });
  if (!window.includeDeleted) counted.and('NOT a.deleted');
  const raw = new SqlBuilder(counted.params);
  andFeedKeys(raw, body, { type: 'ci.type', changeType: 'cc.change_type', severity: 'cc.severity' });
  if (!window.includeDeleted) raw.and('ci.deleted_at IS NULL');
  const keyed = (where: string[]) => where.map((w) => ` AND ${w}`).join('');
  return db.query<{ change_type: string | null; n: number }>(
    `SELECT change_type, sum(n)::int AS n FROM (
       SELECT a.change_type, a.n FROM console_internal.catalog_feed_counts a
        WHERE ((a.width = interval '1 hour' AND ((a.bucket >= ${H0}::timestamptz AND a.bucket < ${D0}::timestamptz)
                 OR (a.bucket >= ${D1}::timestamptz AND a.bucket < ${H1}::timestamptz)))
            OR (a.width = interval '1 day' AND a.bucket >= ${D0}::timestamptz AND a.bucket < ${D1}::timestamptz))${keyed(counted.where)}
       UNION ALL
       SELECT cc.change_type, 1 FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id
        WHERE ((cc.created_at > ${FROM}::timestamptz AND cc.created_at < ${H0}::timestamptz)
            OR cc.created_at >= greatest(${H1}::timestamptz, ${H0}::timestamptz))
          AND cc.created_at <= ${TO}::timestamptz${keyed(raw.where)}
     ) u GROUP BY 1 HAVING sum(n) > 0 ORDER BY 1`,
    raw.params,
  );
}

export const catalogRoutes: Route[] = [
  { method: 'POST', path: '/catalog/summary', permission: CATALOG_READ, handle: endpoint(catalogSummary) },
  { method: 'POST', path: '/catalog/changes', permission: CATALOG_READ, handle: endpoint(catalogChanges) },
  // Deprecated upstream but still answered: the same filters as query parameters.
  { method: 'GET', path: '/catalog/changes', permission: CATALOG_READ, handle: endpoint(catalogChanges) },
];
