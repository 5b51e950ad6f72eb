import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { openDatabase, type OpenedDatabase } from '@/lib/embedded-backend/db/open-database';
import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { ACTION_DURATION_MS, advancePlaybookRuns } from '@/lib/embedded-backend/ticker/playbook-runs';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from '@/tests/backend/helpers/pg-cluster';
import { nextSessionCookie, runUnderLockOnce, startConsole } from './lib/console-server';

/**
 * `npm run bench:backend`: for PGlite and PostgreSQL 15, cold start (empty data directory or database → migrated,
 * seeded → first answer), warm start (same data, new process-level open → first answer), then p50/p95 latency and
 * requests/s of the health summary, a catalog page with count=exact and a changes page with `.filter` date math at
 * 20 concurrent requests from a loopback load loop (bounded by request count and time), and a playbook run round
 * trip (POST /playbook/run, then the ticker's playbook pass driven by a controlled clock until GET /playbook/run/{id}
 * answers completed). Prints a markdown table; the whole run stays under five minutes with the defaults.
 *
 * Isolation (issue 13): while a hostile request runs — a /db read that scans every check status with 40 regular
 * expressions (seconds of work on either engine, cut by the statement timeout), or a 3 s statement sent straight
 * to the engine — the latency of GET /health (no database) and of a small /db read. With a build (`npm run build`)
 * the same is measured through `next start` (the console with its in-process backend, on PGlite and on
 * PostgreSQL): /api/health and a full server render of /health while the hostile read goes through /api/db. That
 * part uses the shared .next, so the script then runs under the machine-wide e2e lock; --no-console skips it.
 *
 * Options: --engines pglite,postgres  --concurrency 20  --requests 600  --seconds 10  --isolation-only  --no-console
 * The load loop runs in the same process as the server (PGlite used to run in-process), so figures include its cost.
 */

function arg(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? (argv[i + 1] ?? fallback) : fallback;
}

const CONCURRENCY = Number(arg('concurrency', '20'));
const MAX_REQUESTS = Number(arg('requests', '600'));
const MAX_SECONDS = Number(arg('seconds', '10'));
const ENGINES = arg('engines', 'pglite,postgres').split(',');
const ISOLATION_ONLY = process.argv.includes('--isolation-only');
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WITH_CONSOLE =
  !process.argv.includes('--no-console') && existsSync(path.join(ROOT, '.next', 'BUILD_ID'));
const AUTH = `Basic ${Buffer.from('admin:demo').toString('base64')}`;

interface Target {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** The path of the i-th request when every request differs (so no answer can be shared or cached). */
  vary?: (i: number) => string;
}

const CATALOG_PATH =
  '/db/configs?select=id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_30d,changes,analysis' +
  '&deleted_at=is.null&order=type,name.asc&limit=50';
const CHANGES_PATH =
  '/db/config_changes?select=id,config_id,change_type,severity,summary,created_at,config:configs(id,name,type)&order=created_at.desc&limit=50';

const TARGETS: Target[] = [
  { name: 'health summary (GET /canary/api/summary)', path: '/canary/api/summary' },
  { name: 'check_summary view (GET /db/check_summary)', path: '/db/check_summary?select=*&order=name.asc' },
  {
    name: 'catalog page (/db/configs, count=exact), identical requests',
    path: `${CATALOG_PATH}&offset=0`,
    headers: { Prefer: 'count=exact' },
  },
  {
    name: 'changes page (/db/config_changes, .filter now-2d), identical requests',
    path: `${CHANGES_PATH}&created_at.filter=%3Enow-2d&offset=0`,
    headers: { Prefer: 'count=exact' },
  },
  {
    name: 'catalog page, every request differs (offset = request number)',
    path: `${CATALOG_PATH}&offset=0`,
    headers: { Prefer: 'count=exact' },
    vary: (i) => `${CATALOG_PATH}&offset=${i % 2000}`,
  },
  {
    name: 'changes page, every request differs (.filter >now-(60 + request number) minutes)',
    path: `${CHANGES_PATH}&created_at.filter=%3Enow-60m&offset=0`,
    headers: { Prefer: 'count=exact' },
    vary: (i) => `${CHANGES_PATH}&created_at.filter=%3Enow-${60 + (i % 4000)}m&offset=0`,
  },
];

interface Sample {
  status: number;
  ms: number;
  bytes: number;
}

function once(
  agent: Agent,
  base: string,
  target: Target,
  body?: unknown,
  keepText = false,
): Promise<Sample & { text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: AUTH, ...target.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const req = httpRequest(
      `${base}${target.path}`,
      { agent, method: body === undefined ? 'GET' : 'POST', headers },
      (res) => {
        // Bodies are decoded only when the caller reads them, so the load loop's own cost stays small.
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keepText) chunks.push(chunk);
        });
        res.on('end', () => {
          const text = keepText ? Buffer.concat(chunks).toString('utf8') : '';
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes, text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

interface LoadResult {
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  rps: number;
  bytes: number;
}

/** The figures of one load run that started at `started` (performance.now()) and has just ended. */
function summarize(latencies: number[], errors: number, started: number, bytes: number): LoadResult {
  const elapsed = (performance.now() - started) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    errors,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    rps: sorted.length / elapsed,
    bytes,
  };
}

/** CONCURRENCY workers issue requests back to back until MAX_REQUESTS are done or MAX_SECONDS pass. */
async function load(base: string, target: Target): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Warm caches and sockets; varying targets warm with requests the measured loop never sends.
  for (let i = 0; i < Math.min(CONCURRENCY, 10); i++)
    await once(agent, base, target.vary ? { ...target, path: target.vary(4000 + i) } : target);
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  let bytes = 0;
  const deadline = performance.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (issued < MAX_REQUESTS && performance.now() < deadline) {
      const i = issued++;
      try {
        const s = await once(agent, base, target.vary ? { ...target, path: target.vary(i) } : target);
        if (s.status >= 400) errors++;
        latencies.push(s.ms);
        bytes = s.bytes;
      } catch {
        // A keep-alive socket the server closed while idle (slow queries) resets; count it and go on.
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return summarize(latencies, errors, started, bytes);
}

const PLAYBOOK_TARGET: Target = {
  name: 'playbook run round trip (POST /playbook/run → ticker → completed)',
  path: '/playbook/run',
};

/**
 * CONCURRENCY workers each start a run of the seeded exec playbook and poll it while one shared, serialized ticker
 * pass after another advances a controlled clock by one action duration; the sample is start → completed seen.
 */
async function loadPlaybookRuns(base: string, db: OpenedDatabase): Promise<LoadResult> {
  const ids = await db.query<{
    playbook: string;
    config: string;
    spec: { parameters?: { name: string; type: string; required?: boolean }[] };
  }>(
    `SELECT p.id AS playbook, p.spec, (SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1) AS config
       FROM playbooks p WHERE p.name = 'playbook-1-exec'`,
  );
  const row = ids.rows[0];
  if (!row) throw new Error('the seeded playbook-1-exec is missing');
  const params: Record<string, string> = { reason: 'benchmark' };
  for (const p of (row.spec.parameters ?? []).slice(1)) {
    if (p.required)
      params[p.name] =
        p.type === 'checkbox' ? 'true' : p.type === 'list' ? '1' : p.type === 'millicores' ? '500' : 'value';
  }
  const body = { id: row.playbook, config_id: row.config, params };
  let clock = Date.now() + 1000;
  let chain: Promise<unknown> = Promise.resolve();
  // One ticker pass at a time, as the real ticker runs; every caller waits for the pass it queued.
  const tick = () => {
    const next = chain.then(() => {
      clock += ACTION_DURATION_MS + 100;
      return db.transaction((tx) => advancePlaybookRuns(tx, new Date(clock)));
    });
    chain = next.catch(() => undefined);
    return next;
  };
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  let bytes = 0;
  const total = Math.min(MAX_REQUESTS, CONCURRENCY * 10);
  const deadline = performance.now() + MAX_SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (issued < total && performance.now() < deadline) {
      issued++;
      const t0 = performance.now();
      try {
        const created = await once(agent, base, PLAYBOOK_TARGET, body, true);
        if (created.status !== 201) throw new Error(`run answered ${created.status}`);
        const runId = (JSON.parse(created.text) as { run_id: string }).run_id;
        let status = '';
        for (let i = 0; i < 20 && !['completed', 'failed', 'cancelled'].includes(status); i++) {
          await tick();
          const polled = await once(
            agent,
            base,
            { name: 'run', path: `/playbook/run/${runId}` },
            undefined,
            true,
          );
          status = (JSON.parse(polled.text) as { status?: string }).status ?? '';
          bytes = polled.bytes;
        }
        if (status !== 'completed') throw new Error(`run ended ${status}`);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return summarize(latencies, errors, started, bytes);
}

/**
 * A /db read that scans every check status with 10 regular expressions (the most one request may carry since issue
 * 31; forty is a 400): about a second of work on either engine.
 */
function hostilePath(dbBase: string, salt: string): string {
  const or = Array.from(
    { length: 10 },
    (_, i) => `message.imatch.${String.fromCharCode(97 + (i % 26))}.*q.*z.*${i}-${salt}`,
  ).join(',');
  return `${dbBase}/check_statuses?select=check_id&or=(${encodeURIComponent(or)})&limit=1`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Times GET url again and again while `running` is unsettled; a probe counts when it started before the end. */
async function probeWhile(
  running: Promise<unknown>,
  url: string,
  headers: Record<string, string>,
  pauseMs: number,
): Promise<number[]> {
  let done = false;
  void running.finally(() => {
    done = true;
  });
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status >= 400) throw new Error(`${url} answered ${response.status}`);
    times.push(performance.now() - started);
    await sleep(pauseMs);
  }
  return times;
}

interface Hostile {
  name: string;
  /** Starts the hostile work; resolves with how it ended. */
  start(): Promise<string>;
}

interface IsolationRow {
  engine: string;
  hostile: string;
  outcome: string;
  probes: { name: string; times: number[] }[];
}

/** Runs each hostile request once and probes the given URLs (one loop each) while it runs. */
async function isolation(
  engine: string,
  hostiles: Hostile[],
  probes: { name: string; url: string; headers?: Record<string, string>; pauseMs: number }[],
): Promise<IsolationRow[]> {
  const rows: IsolationRow[] = [];
  for (const hostile of hostiles) {
    const started = performance.now();
    const running = hostile.start().then((outcome) => `${outcome} after ${fmt(performance.now() - started)}`);
    // Let the hostile statement reach the engine before the first probe.
    await sleep(200);
    const measured = await Promise.all(
      probes.map(async (p) => ({
        name: p.name,
        times: await probeWhile(running, p.url, p.headers ?? {}, p.pauseMs),
      })),
    );
    rows.push({ engine, hostile: hostile.name, outcome: await running, probes: measured });
    console.info(
      `[bench] ${engine}: while ${hostile.name}: ${measured.map((m) => `${m.name} max ${fmt(Math.max(...m.times))}`).join(', ')}`,
    );
    // The statement timeout may have restarted PGlite's worker: let it come back before the next measurement.
    await sleep(3000);
  }
  return rows;
}

function hostileDbRequest(base: string, headers: Record<string, string>): Hostile {
  return {
    name: 'a hostile /db read (40 regexes over every check status)',
    start: async () => {
      const response = await fetch(hostilePath(`${base}/db`, `bench-${Date.now()}`), {
        headers: { ...headers, prefer: 'count=exact' },
      });
      await response.arrayBuffer();
      return `HTTP ${response.status}`;
    },
  };
}

/** Backend over HTTP: /health and a small /db read while a hostile /db read, then a 3 s statement, run. */
async function backendIsolation(engine: string, base: string, db: OpenedDatabase): Promise<IsolationRow[]> {
  const headers = { Authorization: AUTH };
  const direct: Hostile = {
    name: 'a 3 s statement sent straight to the engine (pg_sleep)',
    start: () =>
      db.query('SELECT pg_sleep(3)').then(
        () => 'done',
        (error: unknown) => `failed: ${String((error as Error).message)}`,
      ),
  };
  return isolation(
    engine,
    [hostileDbRequest(base, headers), direct],
    [
      { name: 'GET /health', url: `${base}/health`, pauseMs: 25 },
      { name: 'GET /db/people (1 row)', url: `${base}/db/people?select=id&limit=1`, headers, pauseMs: 25 },
    ],
  );
}

/** The console (`next start`, backend in-process) on one engine: /api/health and a /health render while the hostile read goes through /api/db. */
async function consoleIsolation(engine: string): Promise<IsolationRow[]> {
  let cluster: PgCluster | undefined;
  let server: Awaited<ReturnType<typeof startConsole>> | undefined;
  try {
    const env: Record<string, string> = {};
    if (engine === 'postgres') {
      if (!pgBinariesAvailable()) throw new Error('PostgreSQL 15 binaries not found');
      cluster = await startPgCluster();
      env.DATABASE_URL = cluster.url;
      // next start on DATABASE_URL seeds the demo accounts only when asked (issue 31 item 15); the bench signs in.
      env.DEMO_DATA = 'true';
    }
    server = await startConsole({ env });
    const base = server.base;
    const cookie = await nextSessionCookie(base);
    const headers = { cookie };
    // Warm: the first render opens and fills caches; the idle figure is the one to compare with.
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/health`, { headers })).arrayBuffer();
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await (await fetch(`${base}/health`, { headers })).arrayBuffer();
      idle.push(performance.now() - started);
    }
    const hostile: Hostile = {
      name: 'a hostile /api/db read (40 regexes over every check status)',
      start: async () => {
        const response = await fetch(hostilePath(`${base}/api/db`, `console-${Date.now()}`), {
          headers: { ...headers, prefer: 'count=exact' },
        });
        await response.arrayBuffer();
        return `HTTP ${response.status}`;
      },
    };
    const rows = await isolation(
      `console on ${engine}`,
      [hostile],
      [
        { name: 'GET /api/health', url: `${base}/api/health`, pauseMs: 50 },
        { name: 'GET /health (server render)', url: `${base}/health`, headers, pauseMs: 100 },
      ],
    );
    for (const row of rows) row.probes.push({ name: 'GET /health idle (before)', times: idle });
    return rows;
  } catch (error) {
    console.error(`[bench] console on ${engine}: ${(error as Error).message}`);
    return [
      { engine: `console on ${engine}`, hostile: 'failed', outcome: (error as Error).message, probes: [] },
    ];
  } finally {
    server?.stop();
    if (cluster) await cluster.stop();
  }
}

interface Location {
  dataDir?: string;
  databaseUrl?: string;
}

async function open(location: Location): Promise<OpenedDatabase> {
  return location.databaseUrl
    ? openDatabase({ databaseUrl: location.databaseUrl })
    : openDatabase({ dataDir: location.dataDir, databaseUrl: null, templateSchema: SCHEMA_TEXT });
}

/** Opens the database, serves it (migrating and seeding when empty) and waits for the first /db answer. */
async function startAndAnswer(
  location: Location,
): Promise<{ server: BackendServer; db: OpenedDatabase; ms: number; note: string }> {
  const started = performance.now();
  const db = await open(location);
  const server = await startBackendServer({ port: 0, database: db });
  const agent = new Agent({ keepAlive: false });
  const first = await once(agent, server.url, {
    name: 'first',
    path: '/db/check_summary?select=id,name&limit=1',
  });
  if (first.status !== 200) throw new Error(`first answer was HTTP ${first.status}`);
  const ms = performance.now() - started;
  const flags = db as OpenedDatabase & { fromTemplate?: boolean; fresh?: boolean };
  const note = location.databaseUrl
    ? 'postgres'
    : flags.fromTemplate
      ? 'pglite, from template'
      : flags.fresh
        ? 'pglite, initdb'
        : 'pglite';
  return { server, db, ms, note };
}

interface EngineReport {
  engine: string;
  cold?: { ms: number; note: string };
  warm?: { ms: number; note: string };
  loads: { target: Target; result: LoadResult }[];
  isolation: IsolationRow[];
  error?: string;
}

async function benchEngine(engine: string): Promise<EngineReport> {
  const report: EngineReport = { engine, loads: [], isolation: [] };
  let cluster: PgCluster | undefined;
  let dataDir: string | undefined;
  try {
    let location: Location;
    if (engine === 'postgres') {
      if (!pgBinariesAvailable())
        throw new Error('PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin');
      cluster = await startPgCluster();
      location = { databaseUrl: cluster.url };
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'bench-backend-pglite-'));
      location = { dataDir };
    }
    const cold = await startAndAnswer(location);
    report.cold = { ms: cold.ms, note: cold.note };
    console.info(`[bench] ${engine}: cold start ${Math.round(cold.ms)} ms (${cold.note})`);
    await cold.server.close();
    await cold.db.close();

    const warm = await startAndAnswer(location);
    report.warm = { ms: warm.ms, note: warm.note };
    console.info(`[bench] ${engine}: warm start ${Math.round(warm.ms)} ms`);
    try {
      // The statement timeout is the deployment default (DB_STATEMENT_TIMEOUT_MS, 5 s), set when the server started.
      report.isolation = await backendIsolation(engine, warm.server.url, warm.db);
      for (const target of ISOLATION_ONLY ? [] : TARGETS) {
        const result = await load(warm.server.url, target);
        console.info(
          `[bench] ${engine}: ${target.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s`,
        );
        report.loads.push({ target, result });
      }
      if (!ISOLATION_ONLY) {
        const runs = await loadPlaybookRuns(warm.server.url, warm.db);
        console.info(
          `[bench] ${engine}: ${PLAYBOOK_TARGET.name}: p50 ${runs.p50.toFixed(1)} ms, p95 ${runs.p95.toFixed(1)} ms, ${runs.rps.toFixed(1)} runs/s`,
        );
        report.loads.push({ target: PLAYBOOK_TARGET, result: runs });
      }
    } finally {
      await warm.server.close();
      await warm.db.close();
    }
  } catch (error) {
    report.error = error instanceof Error ? error.message : String(error);
    console.error(`[bench] ${engine}: ${report.error}`);
  } finally {
    if (cluster) await cluster.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  return report;
}

function fmt(ms: number | undefined): string {
  return ms === undefined || Number.isNaN(ms)
    ? '–'
    : ms >= 1000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${ms.toFixed(1)} ms`;
}

function percentileOf(times: number[], p: number): number {
  return percentile(
    [...times].sort((a, b) => a - b),
    p,
  );
}

/** One row per hostile request and probe: p50 and max of the probe's answers while the hostile request ran. */
function isolationTable(rows: IsolationRow[]): string {
  const lines = [
    'While a hostile request runs (budget: every probe under 200 ms):',
    '',
    '| Engine | Hostile request (how it ended) | Probe | Samples | p50 | max | Under 200 ms |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    if (row.probes.length === 0) lines.push(`| ${row.engine} | ${row.hostile}: ${row.outcome} | | | | | |`);
    for (const probe of row.probes) {
      const max = Math.max(...probe.times);
      lines.push(
        `| ${row.engine} | ${row.hostile} (${row.outcome}) | ${probe.name} | ${probe.times.length} | ${fmt(percentileOf(probe.times, 50))} | ${fmt(max)} | ${max < 200 ? 'yes' : '**no**'} |`,
      );
    }
  }
  return lines.join('\n');
}

function table(reports: EngineReport[]): string {
  const lines = [
    `Concurrency ${CONCURRENCY}, up to ${MAX_REQUESTS} requests or ${MAX_SECONDS} s per query, loopback HTTP, HTTP Basic admin:demo.`,
    '',
    '| Engine | Cold start | Warm start |',
    '|---|---|---|',
    ...reports.map(
      (r) =>
        `| ${r.engine} | ${r.error && !r.cold ? `failed: ${r.error}` : `${fmt(r.cold?.ms)} (${r.cold?.note ?? ''})`} | ${fmt(r.warm?.ms)} |`,
    ),
    '',
    '| Engine | Query | Requests | Errors | p50 | p95 | Requests/s | Body |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const r of reports) {
    for (const { target, result } of r.loads) {
      lines.push(
        `| ${r.engine} | ${target.name} | ${result.requests} | ${result.errors} | ${fmt(result.p50)} | ${fmt(result.p95)} | ${result.rps.toFixed(0)} | ${(result.bytes / 1024).toFixed(1)} KiB |`,
      );
    }
    if (r.error && r.cold) lines.push(`| ${r.engine} | failed: ${r.error} | | | | | | |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  // The console part runs `next start` on the shared .next, which a concurrent build would replace underneath it.
  if (WITH_CONSOLE) runUnderLockOnce(fileURLToPath(import.meta.url), 'BENCH_BACKEND_LOCKED');
  process.env.AUTH_SECRET ??= 'bench-backend-secret-0123456789abcdef';
  const [load1] = loadavg();
  // Other engineers' builds share this 2-core box: the figures say how busy it was.
  console.info(
    `[bench] load average at start: ${load1?.toFixed(2)}${(load1 ?? 0) > 3 ? ' (busy machine: figures inflated)' : ''}`,
  );
  const reports: EngineReport[] = [];
  for (const engine of ENGINES) reports.push(await benchEngine(engine));
  const isolationRows = reports.flatMap((r) => r.isolation);
  if (WITH_CONSOLE) for (const engine of ENGINES) isolationRows.push(...(await consoleIsolation(engine)));
  else console.info('[bench] console isolation skipped (no build in .next, or --no-console)');
  const [loadEnd] = loadavg();
  console.info(
    `\n${table(reports)}\n\n${isolationTable(isolationRows)}\n\nLoad average (1 min) at the end: ${loadEnd?.toFixed(2)}\n`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
