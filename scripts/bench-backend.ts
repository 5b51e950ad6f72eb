import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { openDatabase, type OpenedDatabase } from '@/lib/embedded-backend/db/open-database';
import { startBackendServer, type BackendServer } from '@/scripts/lib/backend-http-server';
import { ACTION_DURATION_MS, advancePlaybookRuns } from '@/lib/embedded-backend/ticker/playbook-runs';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from '@/tests/backend/helpers/pg-cluster';

/**
 * `npm run bench:backend`: for PGlite and PostgreSQL 15, cold start (empty data directory or database → migrated,
 * seeded → first answer), warm start (same data, new process-level open → first answer), then p50/p95 latency and
 * requests/s of the health summary, a catalog page with count=exact and a changes page with `.filter` date math at
 * 20 concurrent requests from a loopback load loop (bounded by request count and time), and a playbook run round
 * trip (POST /playbook/run, then the ticker's playbook pass driven by a controlled clock until GET /playbook/run/{id}
 * answers completed). Prints a markdown table; the whole run stays under five minutes with the defaults.
 *
 * Options: --engines pglite,postgres  --concurrency 20  --requests 600  --seconds 10
 * The load loop runs in the same process as the server (PGlite is in-process anyway), so figures include its cost.
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
  { name: 'catalog page (/db/configs, count=exact), identical requests', path: `${CATALOG_PATH}&offset=0`, headers: { Prefer: 'count=exact' } },
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

function once(agent: Agent, base: string, target: Target, body?: unknown, keepText = false): Promise<Sample & { text: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: AUTH, ...target.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const req = httpRequest(`${base}${target.path}`, { agent, method: body === undefined ? 'GET' : 'POST', headers }, (res) => {
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
    });
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
  return { requests: sorted.length, errors, p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: sorted.length / elapsed, bytes };
}

/** CONCURRENCY workers issue requests back to back until MAX_REQUESTS are done or MAX_SECONDS pass. */
async function load(base: string, target: Target): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  // Warm caches and sockets; varying targets warm with requests the measured loop never sends.
  for (let i = 0; i < Math.min(CONCURRENCY, 10); i++) await once(agent, base, target.vary ? { ...target, path: target.vary(4000 + i) } : target);
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

const PLAYBOOK_TARGET: Target = { name: 'playbook run round trip (POST /playbook/run → ticker → completed)', path: '/playbook/run' };

/**
 * CONCURRENCY workers each start a run of the seeded exec playbook and poll it while one shared, serialized ticker
 * pass after another advances a controlled clock by one action duration; the sample is start → completed seen.
 */
async function loadPlaybookRuns(base: string, db: OpenedDatabase): Promise<LoadResult> {
  const ids = await db.query<{ playbook: string; config: string; spec: { parameters?: { name: string; type: string; required?: boolean }[] } }>(
    `SELECT p.id AS playbook, p.spec, (SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1) AS config
       FROM playbooks p WHERE p.name = 'playbook-1-exec'`,
  );
  const row = ids.rows[0];
  if (!row) throw new Error('the seeded playbook-1-exec is missing');
  const params: Record<string, string> = { reason: 'benchmark' };
  for (const p of (row.spec.parameters ?? []).slice(1)) {
    if (p.required) params[p.name] = p.type === 'checkbox' ? 'true' : p.type === 'list' ? '1' : p.type === 'millicores' ? '500' : 'value';
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
          const polled = await once(agent, base, { name: 'run', path: `/playbook/run/${runId}` }, undefined, true);
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
async function startAndAnswer(location: Location): Promise<{ server: BackendServer; db: OpenedDatabase; ms: number; note: string }> {
  const started = performance.now();
  const db = await open(location);
  const server = await startBackendServer({ port: 0, database: db });
  const agent = new Agent({ keepAlive: false });
  const first = await once(agent, server.url, { name: 'first', path: '/db/check_summary?select=id,name&limit=1' });
  if (first.status !== 200) throw new Error(`first answer was HTTP ${first.status}`);
  const ms = performance.now() - started;
  const flags = db as OpenedDatabase & { fromTemplate?: boolean; fresh?: boolean };
  const note = location.databaseUrl ? 'postgres' : flags.fromTemplate ? 'pglite, from template' : flags.fresh ? 'pglite, initdb' : 'pglite';
  return { server, db, ms, note };
}

interface EngineReport {
  engine: string;
  cold?: { ms: number; note: string };
  warm?: { ms: number; note: string };
  loads: { target: Target; result: LoadResult }[];
  error?: string;
}

async function benchEngine(engine: string): Promise<EngineReport> {
  const report: EngineReport = { engine, loads: [] };
  let cluster: PgCluster | undefined;
  let dataDir: string | undefined;
  try {
    let location: Location;
    if (engine === 'postgres') {
      if (!pgBinariesAvailable()) throw new Error('PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin');
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
      for (const target of TARGETS) {
        const result = await load(warm.server.url, target);
        console.info(`[bench] ${engine}: ${target.name}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ${result.rps.toFixed(0)} req/s`);
        report.loads.push({ target, result });
      }
      const runs = await loadPlaybookRuns(warm.server.url, warm.db);
      console.info(`[bench] ${engine}: ${PLAYBOOK_TARGET.name}: p50 ${runs.p50.toFixed(1)} ms, p95 ${runs.p95.toFixed(1)} ms, ${runs.rps.toFixed(1)} runs/s`);
      report.loads.push({ target: PLAYBOOK_TARGET, result: runs });
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
  return ms === undefined || Number.isNaN(ms) ? '–' : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;
}

function table(reports: EngineReport[]): string {
  const lines = [
    `Concurrency ${CONCURRENCY}, up to ${MAX_REQUESTS} requests or ${MAX_SECONDS} s per query, loopback HTTP, HTTP Basic admin:demo.`,
    '',
    '| Engine | Cold start | Warm start |',
    '|---|---|---|',
    ...reports.map((r) => `| ${r.engine} | ${r.error && !r.cold ? `failed: ${r.error}` : `${fmt(r.cold?.ms)} (${r.cold?.note ?? ''})`} | ${fmt(r.warm?.ms)} |`),
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
  process.env.AUTH_SECRET ??= 'bench-backend-secret-0123456789abcdef';
  const [load1] = loadavg();
  // Other engineers' builds share this 2-core box: the figures say how busy it was.
  console.info(`[bench] load average at start: ${load1?.toFixed(2)}${(load1 ?? 0) > 3 ? ' (busy machine: figures inflated)' : ''}`);
  const reports: EngineReport[] = [];
  for (const engine of ENGINES) reports.push(await benchEngine(engine));
  const [loadEnd] = loadavg();
  console.info(`\n${table(reports)}\n\nLoad average (1 min) at the end: ${loadEnd?.toFixed(2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
