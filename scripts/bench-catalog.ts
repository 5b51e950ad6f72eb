/**
 * npm run bench:catalog — the catalog's three backend calls at scale (issue 16): the list page
 * (`/api/db/configs…&limit=50&offset=…` with an exact count), the grouped summary (`POST /api/catalog/summary`) and
 * the changes page (`POST /api/catalog/changes`), through `next start`'s /api signed in as admin, on PGlite seeded
 * with 50,000 config items and 200,000 changes. Every request differs (type, page, filter) so no cache answers
 * twice, except the rows marked "repeated", which send the page's own request again as a reload does. Prints a
 * markdown table of p50/p95 against the 200 ms budget. Takes the machine-wide e2e lock (the shared .next must not be
 * rebuilt under `next start`). BENCH_CATALOG_DATA_DIR keeps (and reuses) the seeded database between runs.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { configListEndpoint, type ConfigListParams } from '@/lib/catalog/configs-endpoints';
import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import {
  ensureBuild,
  launchChromium,
  runUnderLockOnce,
  seedDatabase,
  signInContext,
  startConsole,
  type ConsoleServer,
} from './lib/console-server';

const ITEMS = Number(process.env.BENCH_CONFIG_ITEMS ?? 50_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 200_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const BUDGET_MS = 200;

interface Scenario {
  name: string;
  /** The i-th request (method, /api path, body). */
  request: (i: number) => {
    method: 'GET' | 'POST';
    path: string;
    body?: unknown;
    headers?: Record<string, string>;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(
  base: string,
  cookie: string,
  scenario: Scenario,
): Promise<{ p50: number; p95: number; max: number; status: Set<number> }> {
  const times: number[] = [];
  const status = new Set<number>();
  for (let i = -3; i < SAMPLES; i++) {
    const r = scenario.request(i < 0 ? SAMPLES + 100 + i : i);
    const started = performance.now();
    const response = await fetch(`${base}${r.path}`, {
      method: r.method,
      headers: {
        cookie,
        // A browser's same-origin request: the console refuses cross-site writes.
        origin: base,
        'sec-fetch-site': 'same-origin',
        ...(r.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...r.headers,
      },
      body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    status.add(response.status);
    if (i >= 0) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times[times.length - 1] ?? NaN,
    status,
  };
}

/** Config types with their live item counts (from the summary), so list pages never ask past the end. */
async function typesOf(base: string, cookie: string): Promise<{ type: string; count: number }[]> {
  const r = await fetch(`${base}/api/catalog/summary`, {
    method: 'POST',
    headers: { cookie, origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ groupBy: ['type'], deleted: false }),
  });
  const rows = (await r.json()) as { type: string; count: number }[];
  return rows.map((x) => ({ type: x.type, count: x.count })).sort((a, b) => b.count - a.count);
}

function scenarios(types: { type: string; count: number }[]): Scenario[] {
  const at = (i: number) => types[i % types.length] ?? { type: 'Kubernetes::Pod', count: 50 };
  // The list screen's own request (lib/catalog/configs-endpoints.ts), as the catalog page sends it.
  const base: ConfigListParams = {
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
  const listPath = (p: Partial<ConfigListParams>) => `/api${configListEndpoint({ ...base, ...p }).path}`;
  const pageOf = (i: number) => i % Math.max(1, Math.min(7, Math.ceil(at(i).count / 50)));
  const count = { prefer: 'count=exact' };
  const words = ['checkout', 'payments', 'node', 'ledger', 'cart', 'gateway', 'search', 'auth'];
  return [
    {
      name: 'List page by type (pages 1–7, count=exact)',
      request: (i) => ({
        method: 'GET',
        path: listPath({ configType: at(i).type, pageIndex: pageOf(i) }),
        headers: count,
      }),
    },
    {
      name: 'List page by search over name, type, description, namespace',
      request: (i) => {
        const q = `${words[i % words.length]}${i % 3 === 0 ? '' : `-${i % 10}`}`;
        return { method: 'GET', path: listPath({ search: q }), headers: count };
      },
    },
    {
      name: 'Summary, the page’s request (repeated)',
      request: () => ({
        method: 'POST',
        path: '/api/catalog/summary',
        body: catalogSummaryRequest(catalogSearch.parse(new URLSearchParams()), false),
      }),
    },
    {
      name: 'Summary with a different filter each time',
      request: (i) => ({
        method: 'POST',
        path: '/api/catalog/summary',
        body: {
          groupBy: i % 2 ? ['type'] : ['type', 'namespace'],
          deleted: false,
          filter: i % 3 === 0 ? { app: words[i % words.length] } : {},
          health: ['', 'healthy', 'unhealthy,warning', '!healthy'][i % 4],
          changes: { since: ['30d', '7d', '3d', '1d'][i % 4] },
          analysis: { since: '30d' },
          cost: '30d',
          salt: i,
        },
      }),
    },
    {
      name: 'Changes page (last 2 days, page 1–5)',
      request: (i) => ({
        method: 'POST',
        path: '/api/catalog/changes',
        body: {
          page: 1 + (i % 5),
          page_size: 50,
          sort_by: '-created_at',
          include_deleted_configs: i % 2 === 0,
        },
      }),
    },
    {
      name: 'Changes filtered by type, change type or severity (last 7 days)',
      request: (i) => ({
        method: 'POST',
        path: '/api/catalog/changes',
        body: {
          from: 'now-7d',
          page: 1 + (i % 3),
          page_size: 50,
          ...(i % 3 === 0
            ? { config_type: at(i).type }
            : i % 3 === 1
              ? { type: ['diff', 'BackOff', 'Pulled'][i % 3] }
              : { severity: 'high' }),
        },
      }),
    },
  ];
}

async function main(): Promise<void> {
  runUnderLockOnce(fileURLToPath(import.meta.url), 'BENCH_CATALOG_LOCKED');
  ensureBuild();
  const kept = process.env.BENCH_CATALOG_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
  let server: ConsoleServer | undefined;
  const browser = await launchChromium();
  try {
    if (!kept || !existsSync(path.join(dataDir, 'pglite'))) {
      mkdirSync(dataDir, { recursive: true });
      const started = performance.now();
      await seedDatabase(dataDir, {
        args: ['--config-items', String(ITEMS), '--changes', String(CHANGES)],
        timeoutMs: 1_800_000,
      });
      console.info(
        `seeded ${ITEMS} config items and about ${CHANGES} changes in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
    server = await startConsole({ dataDir });
    const context = await browser.newContext();
    const cookie = await signInContext(context, server.base);
    const types = await typesOf(server.base, cookie);
    const rows: string[] = [];
    for (const scenario of scenarios(types)) {
      const m = await measure(server.base, cookie, scenario);
      const ok = m.p95 <= BUDGET_MS;
      rows.push(
        `| ${scenario.name} | ${m.p50.toFixed(0)} | ${m.p95.toFixed(0)} | ${m.max.toFixed(0)} | ${[...m.status].join(',')} | ${ok ? '✓' : '✗'} |`,
      );
      console.info(`${scenario.name}: p50 ${m.p50.toFixed(0)} ms, p95 ${m.p95.toFixed(0)} ms`);
    }
    console.log(
      `\n## Catalog at ${ITEMS.toLocaleString('en')} config items, ~${CHANGES.toLocaleString('en')} changes (PGlite, next start /api, admin, ${SAMPLES} requests each, one at a time)\n`,
    );
    console.log('| Request | p50 ms | p95 ms | max ms | HTTP | p95 ≤ 200 ms |');
    console.log('|---|---:|---:|---:|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    server?.stop();
    await browser.close();
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
