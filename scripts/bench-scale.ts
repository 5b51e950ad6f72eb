/**
 * npm run bench:scale — the console's reads at the issue-35 sizes (issue 35).
 *
 * PostgreSQL: a throw-away PostgreSQL 15 cluster under a temp dir (auto_explain logs the plan of every statement
 * over 200 ms), the demo seed, then bulk rows made by the database itself (INSERT … SELECT generate_series):
 * 1,000,000 config items, 10,000,000 config changes, 50,000 checks with 5,000,000 results, 20,000 components under
 * one topology, 100,000 incidents with 3 comments each — all times SCALE (default 1; e.g. SCALE=0.1). PGlite:
 * PGLITE_ITEMS config items (default 100,000 × SCALE; 0 skips it) through the demo generator.
 *
 * Each read is sent SAMPLES times (default 20, after 3 warm-ups) one at a time straight to the embedded backend
 * over HTTP as admin, every request a different one (type, page, word, filter, salt) so no cache answers twice;
 * then the same through the console's /api (`next start` on the same database, signed in as admin; a build is
 * made when none exists; API=0 skips it). Prints a markdown table side by side, then the first paint of the screens
 * people start from (the server's whole answer to a page load, and its HTML gzipped), then the EXPLAIN ANALYZE of
 * every statement over 200 ms.
 */
import { readFileSync, rmSync, mkdtempSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { openDatabase, type OpenedDatabase } from '@/lib/embedded-backend/db/open-database';
import { configListEndpoint, type ConfigListParams } from '@/lib/catalog/configs-endpoints';
import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { incidentsEndpoint } from '@/lib/incidents/endpoints';
import { topologyTreeEndpoint } from '@/lib/topology/endpoints';
import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import {
  ensureBuild,
  nextSessionCookie,
  percentile,
  startConsole,
  type ConsoleServer,
} from '@/scripts/lib/console-server';
import { startPgCluster, type PgCluster } from '@/tests/backend/helpers/pg-cluster';
import { boardRequestOf } from '@/lib/health/board';
import { healthSearch } from '@/lib/health/search';
import { boardPath } from '@/lib/health/summary-endpoint';

const SCALE = Number(process.env.SCALE ?? 1);
const SAMPLES = Number(process.env.SAMPLES ?? 20);
const PGLITE_ITEMS = Number(process.env.PGLITE_ITEMS ?? Math.round(100_000 * SCALE));
const SKIP_POSTGRES = process.env.SKIP_POSTGRES === '1';
/** API=0 skips the /api half (it needs a production build: `npm run build`). */
const API = process.env.API !== '0';
const BUDGET_MS = 200;
/** First paint at scale: the server's whole answer to a page load, and its HTML gzipped. */
const PAGE_BUDGET_MS = 300;
const PAGE_BUDGET_GZIP_KB = 200;
/** The screens people start from, each as its first load asks for it (no filter in the address). */
const PAGES = ['/catalog', '/health', '/catalog/changes'];
/** The backend's per-statement limit while the reads run (a slow plan fails instead of holding the bench). */
const STATEMENT_TIMEOUT_MS = 60_000;
const n = (base: number) => Math.max(1, Math.round(base * SCALE));
const SIZES = {
  items: n(1_000_000),
  changes: n(10_000_000),
  checks: n(50_000),
  results: n(5_000_000),
  components: n(20_000),
  incidents: n(100_000),
};
const WORDS = [
  'checkout',
  'payments',
  'ledger',
  'cart',
  'gateway',
  'search',
  'auth',
  'billing',
  'orders',
  'inventory',
  'shipping',
  'profile',
  'notify',
  'report',
  'metrics',
  'frontend',
];
const AUTH = `Basic ${Buffer.from('admin:demo').toString('base64')}`;

const lap = (label: string, started: number) =>
  console.info(`[bench:scale] ${label} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

/** Bulk rows made by the database (triggers and FK checks off while loading; the aggregates rebuilt after). */
async function bulkLoad(db: OpenedDatabase): Promise<void> {
  const started = performance.now();
  const kinds = (
    await db.query<{ type: string; config_class: string }>(
      `SELECT DISTINCT type, config_class FROM config_items ORDER BY 1, 2`,
    )
  ).rows;
  const people = (await db.query<{ id: string }>(`SELECT id FROM people ORDER BY id`)).rows.map((r) => r.id);
  const bulkTables = [
    'config_items',
    'config_changes',
    'checks',
    'check_statuses',
    'components',
    'incidents',
    'comments',
  ];
  const indexes = (
    await db.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = 'public' AND i.tablename = ANY ($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      [bulkTables],
    )
  ).rows;
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL session_replication_role = replica');
    // The aggregates' rebuild over 10 M changes outlasts the backend's per-statement limit.
    await tx.query('SET LOCAL statement_timeout = 0');
    for (const index of indexes) await tx.query(`DROP INDEX ${index.name}`);
    const step = async (label: string, sql: string, params: unknown[] = []) => {
      const t = performance.now();
      await tx.query(sql, params);
      lap(label, t);
    };
    // One statement per million rows keeps memory flat and shows progress.
    for (let from = 1; from <= SIZES.items; from += 1_000_000) {
      const to = Math.min(SIZES.items, from + 999_999);
      await step(
        `config items ${from}–${to}`,
        `INSERT INTO config_items (id, config_class, type, name, description, tags, labels, health, status,
            cost_per_minute, cost_total_1d, cost_total_7d, cost_total_30d, created_at, updated_at, deleted_at)
         SELECT md5('bench-ci-' || g)::uuid, ($1::text[])[1 + g % $3], ($2::text[])[1 + g % $3],
           lower(split_part(($2::text[])[1 + g % $3], '::', -1)) || '-' || ($4::text[])[1 + (g / 7) % 16] || '-' || g,
           'bench item ' || g || ' serving ' || ($4::text[])[1 + (g / 3) % 16],
           jsonb_build_object('namespace', 'ns-' || (g % 200), 'cluster', 'cluster-' || (g % 5)),
           jsonb_build_object('app', ($4::text[])[1 + g % 16], 'team', 'team-' || (g % 20)),
           (ARRAY['healthy', 'healthy', 'healthy', 'unhealthy', 'warning', NULL])[1 + g % 6],
           (ARRAY['Running', 'Running', 'Pending', 'Stopped', 'Available'])[1 + g % 5],
           CASE WHEN g % 4 = 0 THEN (g % 97) / 1000.0 END, CASE WHEN g % 4 = 0 THEN (g % 97) * 1.44 END,
           CASE WHEN g % 4 = 0 THEN (g % 97) * 10.08 END, CASE WHEN g % 4 = 0 THEN (g % 97) * 43.2 END,
           now() - (g % 8640) * interval '5 minutes', now() - (g % 2880) * interval '1 minute',
           CASE WHEN g % 50 = 0 THEN now() - interval '1 day' END
         FROM generate_series(${from}::int, ${to}::int) g`,
        [kinds.map((k) => k.config_class), kinds.map((k) => k.type), kinds.length, WORDS],
      );
    }
    for (let from = 1; from <= SIZES.changes; from += 1_000_000) {
      const to = Math.min(SIZES.changes, from + 999_999);
      await step(
        `config changes ${from}–${to}`,
        `INSERT INTO config_changes (id, config_id, change_type, severity, source, summary, created_at, first_observed, inserted_at)
         SELECT md5('bench-cc-' || g)::uuid, md5('bench-ci-' || (1 + (g::bigint * 7919) % $1))::uuid,
           (ARRAY['diff', 'BackOff', 'Pulled', 'Scaled', 'Created', 'Deleted'])[1 + g % 6],
           (ARRAY['info', 'low', 'medium', 'high', 'critical'])[1 + g % 5], 'bench',
           'change ' || g || ' to ' || ($2::text[])[1 + g % 16],
           now() - (g % 86400) * interval '1 minute', now() - (g % 86400) * interval '1 minute',
           now() - (g % 86400) * interval '1 minute'
         FROM generate_series(${from}::int, ${to}::int) g`,
        [SIZES.items, WORDS],
      );
    }
    const canaries = Math.max(1, Math.round(SIZES.checks / 100));
    await step(
      'canaries and checks',
      `WITH k AS (
         INSERT INTO canaries (id, name, namespace, spec)
         SELECT md5('bench-canary-' || g)::uuid, 'bench-canary-' || g, 'ns-' || (g % 20), '{}'::jsonb
           FROM generate_series(1, $1::int) g RETURNING id)
       INSERT INTO checks (id, canary_id, type, name, namespace, status, severity, labels, last_runtime)
       SELECT md5('bench-check-' || g)::uuid, md5('bench-canary-' || (1 + g % $1))::uuid, 'http',
         ($3::text[])[1 + g % 16] || '-probe-' || g, 'ns-' || (g % 20),
         (ARRAY['healthy', 'healthy', 'healthy', 'unhealthy'])[1 + g % 4], 'medium',
         jsonb_build_object('app', ($3::text[])[1 + g % 16]), now()
         FROM generate_series(1, $2::int) g`,
      [canaries, SIZES.checks, WORDS],
    );
    const perCheck = Math.max(1, Math.round(SIZES.results / SIZES.checks));
    await step(
      'check results',
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT md5('bench-check-' || c)::uuid, now() - k * interval '15 minutes' - (c % 600) * interval '1 second',
         (c + k) % 9 <> 0, 20 + (c * k) % 400
         FROM generate_series(1, $1::int) c, generate_series(1, $2::int) k`,
      [SIZES.checks, perCheck],
    );
    await step(
      'topology and components',
      `WITH t AS (INSERT INTO topologies (id, name, namespace) VALUES (md5('bench-topology')::uuid, 'bench', 'bench') RETURNING id)
       INSERT INTO components (id, topology_id, external_id, parent_id, name, status, health, type, namespace, labels)
       SELECT md5('bench-comp-' || g)::uuid, (SELECT id FROM t), 'bench-' || g,
         CASE WHEN g > 50 THEN md5('bench-comp-' || (1 + g % 50))::uuid END,
         ($1::text[])[1 + g % 16] || '-component-' || g, 'healthy',
         (ARRAY['healthy', 'healthy', 'unhealthy', 'warning'])[1 + g % 4], 'Service', 'ns-' || (g % 20),
         jsonb_build_object('app', ($1::text[])[1 + g % 16])
         FROM generate_series(1, $2::int) g`,
      [WORDS, SIZES.components],
    );
    await step(
      'incidents and comments',
      `WITH i AS (
         INSERT INTO incidents (id, title, created_by, severity, description, type, status, created_at, updated_at)
         SELECT md5('bench-incident-' || g)::uuid, ($1::text[])[1 + g % 16] || ' degraded ' || g,
           ($3::uuid[])[1 + g % cardinality($3::uuid[])], (ARRAY['low', 'medium', 'high', 'critical'])[1 + g % 4],
           'bench incident ' || g, 'availability', (ARRAY['open', 'closed', 'resolved', 'investigating'])[1 + g % 4],
           now() - g * interval '5 minutes', now() - g * interval '5 minutes'
           FROM generate_series(1, $2::int) g RETURNING id, created_by)
       INSERT INTO comments (created_by, comment, incident_id)
       SELECT i.created_by, 'comment ' || k, i.id FROM i, generate_series(1, 3) k`,
      [WORDS, SIZES.incidents, people],
    );
    await tx.query('SET LOCAL session_replication_role = origin');
    const t = performance.now();
    for (const index of indexes) await tx.query(index.def);
    lap(`${indexes.length} indexes rebuilt`, t);
    const a = performance.now();
    await tx.query('SELECT console_internal.catalog_aggregates_rebuild()');
    lap('catalog summary aggregates rebuilt', a);
  });
  const v = performance.now();
  // VACUUM runs outside a transaction, so only the session's limit can be lifted: for it alone.
  db.setStatementTimeout(0);
  await db.query(
    `VACUUM ANALYZE ${bulkTables.join(', ')}, console_internal.catalog_summary_items, console_internal.catalog_summary_changes, console_internal.catalog_feed_counts`,
  );
  // The VACUUM right after the load sometimes leaves most pages not all-visible (config_changes 6 % once at
  // SCALE=0.1; cause not found, an older snapshot is likely), and index-only scans then read the heap too: vacuum
  // again until the visibility map covers the tables, as autovacuum would in a database that lives longer.
  for (let attempt = 1; ; attempt++) {
    const { rows } = await db.query<{ relname: string; visible: number }>(
      `SELECT relname, relallvisible::float8 / greatest(relpages, 1) AS visible FROM pg_class
        WHERE relname = ANY ($1::text[]) AND relkind = 'r' ORDER BY relname`,
      [bulkTables],
    );
    const behind = rows.filter((r) => r.visible < 0.99).map((r) => r.relname);
    console.info(
      `[bench:scale] all-visible after vacuum ${attempt}: ${rows.map((r) => `${r.relname} ${(100 * r.visible).toFixed(0)} %`).join(', ')}`,
    );
    if (behind.length === 0 || attempt === 5) break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await db.query(`VACUUM ${behind.join(', ')}`);
  }
  db.setStatementTimeout(STATEMENT_TIMEOUT_MS);
  lap('vacuum analyze', v);
  lap('bulk load', started);
}

interface Read {
  name: string;
  request(i: number): {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  };
}

function reads(types: string[]): Read[] {
  const type = (i: number) => types[i % types.length] ?? 'Kubernetes::Pod';
  const word = (i: number) => WORDS[i % WORDS.length] ?? 'cart';
  const list: ConfigListParams = {
    configType: null,
    search: '',
    status: null,
    health: null,
    labels: {},
    tags: {},
    showDeleted: false,
    sortBy: 'type',
    sortDesc: false,
    pageIndex: 0,
    pageSize: 50,
  };
  const listRead = (p: Partial<ConfigListParams>) => {
    const e = configListEndpoint({ ...list, ...p });
    return { method: 'GET' as const, path: e.path, headers: e.headers };
  };
  const screenSummary = (query: string, i: number) => ({
    method: 'POST' as const,
    path: '/catalog/summary',
    // The salt only changes the cache key: the answer is computed anew every time.
    body: { ...catalogSummaryRequest(catalogSearch.parse(new URLSearchParams(query)), false), salt: i },
  });
  return [
    {
      name: 'Catalog list by type (pages 1–5, count=exact)',
      request: (i) => listRead({ configType: type(i), pageIndex: i % 5 }),
    },
    {
      name: 'Catalog list by free-text search (count=exact)',
      request: (i) => listRead({ search: `${word(i)}-${i % 10}` }),
    },
    {
      name: 'Catalog list by label (count=exact)',
      request: (i) => listRead({ labels: { [`team=team-${i % 20}`]: 1 } }),
    },
    { name: 'Summary, no filter (uncached)', request: (i) => screenSummary('', i) },
    {
      name: 'Summary by health (uncached)',
      request: (i) => screenSummary(`health=${['healthy', 'unhealthy', 'warning'][i % 3]}`, i),
    },
    {
      name: 'Summary by status (uncached)',
      request: (i) => screenSummary(`status=${['Running', 'Pending', 'Stopped'][i % 3]}`, i),
    },
    {
      name: 'Summary by label (uncached, scan fallback)',
      request: (i) => ({
        method: 'POST',
        path: '/catalog/summary',
        body: { ...screenSummary('', i).body, filter: { team: `team-${i % 20}` } },
      }),
    },
    {
      name: 'Changes feed filtered (type or severity, 7 days)',
      request: (i) => ({
        method: 'POST',
        path: '/catalog/changes',
        body: {
          from: 'now-7d',
          page: 1 + (i % 3),
          page_size: 50,
          ...(i % 2 ? { config_type: type(i) } : { severity: 'high' }),
        },
      }),
    },
    {
      name: 'Health summary (1 h window)',
      request: (i) => ({ method: 'GET', path: `/canary/api/summary?since=now-${60 + (i % 5)}m` }),
    },
    {
      // What /health asks of the embedded backend (lib/health/board.ts): a page of the board; the salt only changes
      // the cache key, so neither the rows nor the page are served from the cache.
      name: 'Health board page (1 h window, uncached)',
      request: (i) => ({
        method: 'GET',
        path: boardPath(`/canary/api/summary?since=now-${60 + (i % 5)}m&salt=${i}`, {
          ...boardRequestOf(healthSearch.defaults),
          hidePassing: i % 2 === 0,
          query: i % 3 === 0 ? word(i) : '',
          page: i % 2,
        }),
      }),
    },
    {
      name: 'Topology root',
      request: (i) => ({ method: 'GET', path: `${topologyTreeEndpoint({}).path}?salt=${i}` }),
    },
    {
      name: 'Incidents list (page, count=exact)',
      request: (i) => {
        const e = incidentsEndpoint({
          query: '',
          status: null,
          severity: null,
          type: null,
          owner: null,
          component: null,
          sortBy: 'created_at',
          sortDesc: true,
          pageIndex: i % 5,
          pageSize: 50,
        });
        return { method: 'GET', path: e.path, headers: e.headers };
      },
    },
    {
      name: 'Palette lookup (configs, components, checks by name)',
      request: (i) => ({
        method: 'POST',
        path: '/resources/search',
        body: {
          configs: [{ search: `${word(i)}-${i % 7}` }],
          components: [{ search: word(i + 3) }],
          checks: [{ search: word(i + 5) }],
          limit: 10,
        },
      }),
    },
  ];
}

/** Where the reads go: the backend itself, or the console's /api proxy with a session cookie. */
interface Target {
  base: string;
  headers: Record<string, string>;
}

const directTarget = (server: BackendServer): Target => ({
  base: server.url,
  headers: { authorization: AUTH },
});

/** The console's /api in front of the same database, signed in as the demo admin (Origin: its POSTs are reads). */
async function consoleTarget(console_: ConsoleServer): Promise<Target> {
  const cookie = await nextSessionCookie(console_.base);
  return { base: `${console_.base}/api`, headers: { cookie, origin: console_.base } };
}

async function measure(target: Target, read: Read): Promise<{ p50: number; p95: number; status: string }> {
  const times: number[] = [];
  const statuses = new Set<number>();
  for (let i = -3; i < SAMPLES; i++) {
    const r = read.request(i < 0 ? 1000 + i : i);
    const started = performance.now();
    const response = await fetch(`${target.base}${r.path}`, {
      method: r.method,
      headers: {
        ...target.headers,
        ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...r.headers,
      },
      body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
    });
    await response.arrayBuffer();
    statuses.add(response.status);
    if (i >= 0) times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), status: [...statuses].join(',') };
}

type Measured = Awaited<ReturnType<typeof measure>>;

interface PagePaint {
  page: string;
  /** The first load after the server started (the backend's read cache empty). */
  firstMs: number;
  p50: number;
  p95: number;
  gzipKb: number;
  status: string;
}

/** Loads each page SAMPLES times, one at a time, reading the whole answer (the server streams the render). */
async function measurePages(console_: ConsoleServer, cookie: string): Promise<PagePaint[]> {
  const paints: PagePaint[] = [];
  for (const page of PAGES) {
    const times: number[] = [];
    const statuses = new Set<number>();
    let gzipKb = 0;
    for (let i = 0; i <= SAMPLES; i++) {
      const started = performance.now();
      const response = await fetch(`${console_.base}${page}`, { headers: { cookie }, redirect: 'manual' });
      const html = Buffer.from(await response.arrayBuffer());
      times.push(performance.now() - started);
      statuses.add(response.status);
      gzipKb = gzipSync(html).length / 1024;
    }
    const [firstMs = 0, ...rest] = times;
    paints.push({
      page,
      firstMs,
      p50: percentile(rest, 50),
      p95: percentile(rest, 95),
      gzipKb,
      status: [...statuses].join(','),
    });
  }
  return paints;
}

function pageRows(engine: string, paints: PagePaint[]): string[] {
  return paints.map((p) => {
    const met = p.p95 <= PAGE_BUDGET_MS && p.gzipKb <= PAGE_BUDGET_GZIP_KB;
    return `| ${engine} | ${p.page} | ${p.firstMs.toFixed(0)} | ${p.p50.toFixed(0)} | ${p.p95.toFixed(0)} | ${p.gzipKb.toFixed(1)} | ${p.status} | ${met ? 'yes' : '**no**'} |`;
  });
}

async function readTypes(db: OpenedDatabase): Promise<string[]> {
  return (
    await db.query<{ type: string }>(
      `SELECT type FROM console_internal.catalog_summary_items WHERE NOT deleted GROUP BY type ORDER BY sum(n) DESC, type`,
    )
  ).rows.map((r) => r.type);
}

async function measureAll(target: Target, types: string[]): Promise<Measured[]> {
  const results: Measured[] = [];
  for (const read of reads(types)) results.push(await measure(target, read));
  return results;
}

/** The table's rows of one engine: straight to the backend and, when measured, through the console's /api. */
function tableRows(engine: string, types: string[], direct: Measured[], api?: Measured[]): string[] {
  const ms = (m: Measured | undefined) =>
    m ? `${m.p50.toFixed(0)} | ${m.p95.toFixed(0)} | ${m.status}` : '– | – | –';
  return reads(types).map((read, i) => {
    const worst = Math.max(direct[i]?.p95 ?? Infinity, api?.[i]?.p95 ?? 0);
    return `| ${engine} | ${read.name} | ${ms(direct[i])} | ${ms(api?.[i])} | ${worst <= BUDGET_MS ? 'yes' : '**no**'} |`;
  });
}

/**
 * Measures through `next start` on the database the backend measurement used: the console's own embedded backend
 * opens it (migrated and seeded already), so /api and direct read the same rows. `dataDir` for PGlite (the
 * console keeps it at dataDir/pglite), DATABASE_URL in `env` for PostgreSQL.
 */
async function throughConsole(
  options: { dataDir?: string; env?: Record<string, string> },
  types: string[],
): Promise<{ api: Measured[]; pages: PagePaint[] } | undefined> {
  if (!API) return undefined;
  ensureBuild();
  const console_ = await startConsole({
    dataDir: options.dataDir,
    env: { DEMO_DATA: 'true', ...options.env },
  });
  try {
    const target = await consoleTarget(console_);
    // The pages first, so that their first load meets an empty read cache as a person's first visit does.
    const pages = await measurePages(console_, target.headers.cookie as string);
    return { pages, api: await measureAll(target, types) };
  } finally {
    console_.stop();
  }
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const paintRows: string[] = [];
  let plans = '';
  const counts: string[] = [];
  if (!SKIP_POSTGRES) {
    let cluster: PgCluster | undefined;
    let db: OpenedDatabase | undefined;
    let server: BackendServer | undefined;
    try {
      cluster = await startPgCluster(
        '-c shared_buffers=512MB -c work_mem=16MB -c max_wal_size=4GB -c shared_preload_libraries=auto_explain ' +
          '-c auto_explain.log_min_duration=200 -c auto_explain.log_analyze=on -c auto_explain.log_buffers=on',
      );
      db = await openDatabase({ databaseUrl: cluster.url });
      const t = performance.now();
      server = await startBackendServer({ port: 0, database: db, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
      lap('demo seed on PostgreSQL', t);
      await bulkLoad(db);
      const c = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM config_items)::int AS items, (SELECT count(*) FROM config_changes)::int AS changes,
                (SELECT count(*) FROM checks)::int AS checks, (SELECT count(*) FROM check_statuses)::int AS results,
                (SELECT count(*) FROM components)::int AS components, (SELECT count(*) FROM incidents)::int AS incidents,
                (SELECT count(*) FROM comments)::int AS comments`,
      );
      counts.push(`PostgreSQL 15: ${JSON.stringify(c.rows[0])}`);
      // Only the reads' slow statements: the bulk load's own are cut from the log here.
      const log = path.join(cluster.dir, 'log');
      const before = existsSync(log) ? readFileSync(log, 'utf8').length : 0;
      const types = await readTypes(db);
      const direct = await measureAll(directTarget(server), types);
      const api = await throughConsole({ env: { DATABASE_URL: cluster.url } }, types);
      rows.push(...tableRows('PostgreSQL', types, direct, api?.api));
      paintRows.push(...pageRows('PostgreSQL', api?.pages ?? []));
      plans = existsSync(log) ? readFileSync(log, 'utf8').slice(before) : '';
    } finally {
      await server?.close();
      await db?.close();
      await cluster?.stop();
    }
  }
  if (PGLITE_ITEMS > 0) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-scale-pglite-'));
    let db: OpenedDatabase | undefined;
    let server: BackendServer | undefined;
    try {
      // Where the console's server keeps its PGlite (startConsole's dataDir layout), for the /api half.
      db = await openDatabase({
        dataDir: path.join(dir, 'pglite'),
        databaseUrl: null,
        templateSchema: SCHEMA_TEXT,
      });
      const t = performance.now();
      server = await startBackendServer({
        port: 0,
        database: db,
        statementTimeoutMs: STATEMENT_TIMEOUT_MS,
        seed: { configItems: PGLITE_ITEMS, changes: PGLITE_ITEMS * 4 },
      });
      lap(`PGlite seed with ${PGLITE_ITEMS} config items`, t);
      const c = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM config_items)::int AS items, (SELECT count(*) FROM config_changes)::int AS changes`,
      );
      counts.push(`PGlite: ${JSON.stringify(c.rows[0])}`);
      const types = await readTypes(db);
      const direct = await measureAll(directTarget(server), types);
      // One process at a time opens a PGlite directory: the bench's lets go before the console's opens it.
      await server.close();
      await db.close();
      server = undefined;
      db = undefined;
      const api = await throughConsole({ dataDir: dir }, types);
      rows.push(...tableRows('PGlite', types, direct, api?.api));
      paintRows.push(...pageRows('PGlite', api?.pages ?? []));
    } finally {
      await server?.close();
      await db?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  console.log(
    `\n## Scale (SCALE=${SCALE}, ${SAMPLES} requests per read, one at a time, straight to the backend${API ? ' and through the console’s /api (next start, signed in as admin)' : ''})\n`,
  );
  for (const c of counts) console.log(`- ${c}`);
  console.log(
    '\n| Engine | Read | direct p50 ms | direct p95 ms | HTTP | /api p50 ms | /api p95 ms | HTTP | p95 ≤ 200 ms |',
  );
  console.log('|---|---|---:|---:|---|---:|---:|---|---|');
  for (const row of rows) console.log(row);
  if (paintRows.length > 0) {
    console.log(
      `\n### First paint (${SAMPLES} loads per page after the first, one at a time, signed in as admin; the whole answer)\n`,
    );
    console.log(
      `| Engine | Page | first load ms | p50 ms | p95 ms | HTML gzip kB | HTTP | p95 ≤ ${PAGE_BUDGET_MS} ms, ≤ ${PAGE_BUDGET_GZIP_KB} kB |`,
    );
    console.log('|---|---|---:|---:|---:|---:|---|---|');
    for (const row of paintRows) console.log(row);
  }
  if (plans.trim()) {
    console.log('\n### Statements over 200 ms (auto_explain, EXPLAIN ANALYZE)\n');
    console.log(plans.trim());
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
