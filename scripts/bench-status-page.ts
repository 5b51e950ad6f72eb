import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import { createPublicCache } from '@/lib/status-page/public-cache';
import { servePublicStatus, type PublicFormat } from '@/lib/status-page/public-route';
import { createRateLimiter } from '@/lib/status-page/rate-limit';
import {
  ensureBuild,
  nextSessionCookie,
  percentile,
  runUnderLockOnce,
  startConsole,
} from './lib/console-server';
import { freePort } from './lib/free-port';
import { cpuMs } from './lib/process-cpu';
import { startFetchServer } from './lib/node-http';

/**
 * `node --import tsx scripts/bench-status-page.ts [--seconds 20] [--rate 1000]`: the public status page's cache
 * (issue 38). Starts the embedded backend on a fresh demo database, publishes a page of two components and a check
 * group, then drives the console's public handler (lib/status-page/public-route.ts, in this process, as the route
 * files call it) at a fixed request rate from 1,000 client addresses for `--seconds`, and counts what reached the
 * backend. Also: the backend's computation of the page uncached, and one address over its limit.
 *
 * `--next` runs the same page through `next start` instead (the built console, BACKEND_URL pointing at that backend
 * through a counting relay): autocannon offers `--rate` requests a second for `--seconds` from 1,000 addresses (as a
 * load balancer forwards them: X-Forwarded-For, TRUSTED_PROXY_HOPS=1), then from one address, while a signed-in
 * person's /api read and /health page are timed every 250 ms: the console keeps serving during the flood. Runs under
 * the machine-wide e2e lock (a build must not replace .next under it) and builds first when no build exists.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'bench-status-page-secret-0123456789';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` repeatedly (one at a time, every `everyMs`) until `stop` resolves; returns each run's time and failures. */
async function sampleUntil(
  stop: Promise<unknown>,
  everyMs: number,
  fn: () => Promise<boolean>,
): Promise<{ times: number[]; failed: number }> {
  let done = false;
  void stop.then(() => (done = true));
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const t0 = performance.now();
    const ok = await fn().catch(() => false);
    times.push(performance.now() - t0);
    if (!ok) failed += 1;
    await sleep(everyMs);
  }
  return { times, failed };
}

/** The `--next` leg: the published page through `next start`, flooded, while a signed-in person keeps working. */
async function throughNext(backendBase: string, seconds: number, rate: number): Promise<string[][]> {
  ensureBuild();
  // Every request that reaches the backend passes this relay, which counts the public page's reads.
  const reached = new Map<string, number>();
  const relay = await startFetchServer(async (request, rawTarget) => {
    const path = rawTarget.split('?')[0] ?? '';
    const kind = path.startsWith('/status-page/public') ? 'status page' : 'other';
    reached.set(kind, (reached.get(kind) ?? 0) + 1);
    const body = ['GET', 'HEAD'].includes(request.method) ? undefined : await request.arrayBuffer();
    const answer = await fetch(`${backendBase}${rawTarget}`, {
      method: request.method,
      headers: request.headers,
      body,
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  const server = await startConsole({
    env: { BACKEND_URL: relay.url, AUTH_SECRET: SECRET, TRUSTED_PROXY_HOPS: '1', LOG_LEVEL: 'warn' },
  });
  try {
    const cookie = await nextSessionCookie(server.base);
    const person = {
      api: () =>
        fetch(`${server.base}/api/db/checks?select=id,name&limit=20`, { headers: { cookie } }).then(
          async (r) => (await r.arrayBuffer(), r.ok),
        ),
      page: () =>
        fetch(`${server.base}/health`, { headers: { cookie } }).then(async (r) => (await r.text(), r.ok)),
    };
    // Warm both (the first request of a route compiles nothing in a build, but opens connections and caches).
    await fetch(`${server.base}/status/bench`).then((r) => r.text());
    await person.api();
    await person.page();
    const idle = {
      api: await sampleUntil(sleep(5_000), 250, person.api),
      page: await sampleUntil(sleep(5_000), 250, person.page),
    };

    const flood = (oneAddress: boolean, duration: number) => {
      let n = 0;
      return autocannon({
        url: `${server.base}/status/bench`,
        connections: 50,
        overallRate: rate,
        duration,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: {
                ...req.headers,
                'x-forwarded-for': oneAddress ? '203.0.113.66' : `10.0.${(n >> 8) % 4}.${n++ % 250}`,
              },
            }),
          },
        ],
      });
    };
    const beforeFlood = new Map(reached);
    const cpuBefore = cpuMs(server.pid);
    const loaderBefore = process.cpuUsage();
    const started = performance.now();
    const run = flood(false, seconds);
    const [result, api, page] = await Promise.all([
      run,
      sampleUntil(run, 250, person.api),
      sampleUntil(run, 250, person.page),
    ]);
    const elapsed = (performance.now() - started) / 1000;
    const answered = result.requests.total + api.times.length + page.times.length;
    const consoleCpuPerAnswer = (cpuMs(server.pid) - cpuBefore) / Math.max(1, answered);
    const loader = process.cpuUsage(loaderBefore);
    const statusPageCalls = (reached.get('status page') ?? 0) - (beforeFlood.get('status page') ?? 0);
    // Next's own floor: its cheapest route (liveness, no backend, no session) under the same load.
    const floorBefore = cpuMs(server.pid);
    const floor = await autocannon({
      url: `${server.base}/api/health`,
      connections: 50,
      overallRate: rate,
      duration: 5,
    });
    const floorCpuPerAnswer = (cpuMs(server.pid) - floorBefore) / Math.max(1, floor.requests.total);
    const single = flood(true, 5);
    const [singleResult, singleApi] = await Promise.all([single, sampleUntil(single, 250, person.api)]);
    const ms = (values: number[]) =>
      `${percentile(values, 50).toFixed(0)} / ${percentile(values, 95).toFixed(0)}`;
    const statuses = (r: autocannon.Result) =>
      `2xx ${r['2xx']}, 4xx ${r['4xx']} (429 ${r.statusCodeStats?.['429']?.count ?? 0}), 5xx ${r['5xx']}, errors ${r.errors}, timeouts ${r.timeouts}`;
    return [
      [`next start: offered (req/s, ${seconds} s, 1,000 addresses, 50 connections)`, String(rate)],
      ['next start: served (req/s, mean)', result.requests.average.toFixed(0)],
      ['next start: answers', statuses(result)],
      ['next start: latency p50 / p99 (ms)', `${result.latency.p50} / ${result.latency.p99}`],
      [
        'next start: CPU per answer (ms; the most one core serves: req/s)',
        `${consoleCpuPerAnswer.toFixed(2)} (${(1000 / Math.max(0.01, consoleCpuPerAnswer)).toFixed(0)})`,
      ],
      [
        "next start: /api/health (Next's cheapest route) served req/s, CPU per answer (ms)",
        `${floor.requests.average.toFixed(0)}, ${floorCpuPerAnswer.toFixed(2)}`,
      ],
      [
        'this load loop (autocannon) CPU, % of one core',
        (((loader.user + loader.system) / 1000 / (elapsed * 1000)) * 100).toFixed(0),
      ],
      ['machine load average (1 min) at the end', loadavg()[0]!.toFixed(1)],
      ['next start: status page reads that reached the backend during the flood', String(statusPageCalls)],
      ['next start: … per minute', ((statusPageCalls / elapsed) * 60).toFixed(1)],
      [
        'signed-in /api read p50 / p95 (ms): idle → during the flood',
        `${ms(idle.api.times)} → ${ms(api.times)}`,
      ],
      [
        'signed-in /health page p50 / p95 (ms): idle → during the flood',
        `${ms(idle.page.times)} → ${ms(page.times)}`,
      ],
      [
        'signed-in requests failed during the flood',
        `${api.failed + page.failed} of ${api.times.length + page.times.length}`,
      ],
      [`next start: one address at ${rate} req/s for 5 s`, statuses(singleResult)],
      ['signed-in /api read p50 / p95 (ms) meanwhile, failed', `${ms(singleApi.times)}, ${singleApi.failed}`],
    ];
  } finally {
    server.stop();
    await relay.close();
  }
}

async function main() {
  const seconds = Number(arg('--seconds', '20'));
  const rate = Number(arg('--rate', '1000'));
  const viaNext = process.argv.includes('--next');
  if (viaNext) runUnderLockOnce(new URL(import.meta.url).pathname, 'BENCH_STATUS_PAGE_LOCKED');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-status-page-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backend.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      EMBEDDED_BACKEND_PORT: String(port),
      PGLITE_DIR: join(dir, 'pglite'),
      AUTH_SECRET: SECRET,
      DEMO_TICKER: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error('backend did not start');
      if (
        await fetch(`${base}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(500);
    }
    const admin = { authorization: `Basic ${Buffer.from('admin:demo').toString('base64')}` };
    const get = async <T>(path: string) =>
      (await (await fetch(`${base}${path}`, { headers: admin })).json()) as T;
    const components = await get<{ component_id: string }[]>(
      '/db/incidents_by_component?select=component_id&limit=2',
    );
    const [canary] = await get<{ id: string }[]>('/db/canary_names?select=id&limit=1');
    const created = (await (
      await fetch(`${base}/status-page/pages`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench',
          slug: 'bench',
          entries: [
            { display_name: 'A', component_id: components[0]!.component_id },
            { display_name: 'B', component_id: components[1]!.component_id },
            { display_name: 'C', canary_id: canary!.id },
          ],
        }),
      })
    ).json()) as { id: string };
    await fetch(`${base}/status-page/pages/${created.id}/publish`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: '{"published":true}',
    });

    if (viaNext) {
      const rows = await throughNext(base, seconds, rate);
      console.info('| What | Figure |\n|---|---|');
      for (const [what, figure] of rows) console.info(`| ${what} | ${figure} |`);
      return;
    }

    // The backend's computation of the page, uncached (the admin preview computes it on every call).
    const direct: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await (
        await fetch(`${base}/status-page/pages/${created.id}/preview`, { headers: admin })
      ).arrayBuffer();
      direct.push(performance.now() - started);
    }

    // The console's handler at `rate` requests a second from 1,000 addresses.
    let backendCalls = 0;
    const transport = (path: string, init?: RequestInit) => {
      backendCalls += 1;
      return fetch(`${base}${path}`, init);
    };
    const deps = {
      transport,
      mode: 'basic',
      cache: createPublicCache<never>() as never,
      limiter: createRateLimiter(),
    };
    const serve = (address: string, format: PublicFormat = 'html') =>
      servePublicStatus(
        new Request('http://console.test/status/bench', { headers: { [CLIENT_ADDRESS_HEADER]: address } }),
        'bench',
        format,
        deps,
      );
    const first = performance.now();
    await (await serve('198.51.100.1')).text();
    const coldMs = performance.now() - first;

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let bytes = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    const inFlight = new Set<Promise<void>>();
    let sent = 0;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) {
        const t0 = performance.now();
        const p = serve(`10.0.${(sent >> 8) % 4}.${sent % 250}`).then(async (r) => {
          bytes += (await r.arrayBuffer()).byteLength;
          latencies.push(performance.now() - t0);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        });
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      await sleep(5);
    }
    await Promise.all(inFlight);
    const elapsed = (performance.now() - started) / 1000;

    // One address sending 1,000 requests at once: the limiter's answer.
    const flood = await Promise.all(Array.from({ length: 1000 }, () => serve('203.0.113.66')));
    const floodOk = flood.filter((r) => r.status === 200).length;

    const rows = [
      [
        'backend computes the page (uncached preview), p50 / p95 (ms)',
        `${percentile(direct, 50).toFixed(1)} / ${percentile(direct, 95).toFixed(1)}`,
      ],
      ['console handler, first (cold) request (ms)', coldMs.toFixed(1)],
      [`offered load (req/s, ${seconds} s, 1,000 addresses)`, String(rate)],
      ['served (req/s)', (latencies.length / elapsed).toFixed(0)],
      ['statuses', [...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')],
      [
        'latency p50 / p99 (ms)',
        `${percentile(latencies, 50).toFixed(2)} / ${percentile(latencies, 99).toFixed(2)}`,
      ],
      ['backend calls during the run (incl. the cold one)', String(backendCalls)],
      ['backend calls per minute', ((backendCalls / elapsed) * 60).toFixed(1)],
      ['HTML per answer (bytes)', String(Math.round(bytes / Math.max(1, latencies.length)))],
      ['one address, 1,000 at once: 200 / 429', `${floodOk} / ${1000 - floodOk}`],
    ];
    console.info('| What | Figure |\n|---|---|');
    for (const [what, figure] of rows) console.info(`| ${what} | ${figure} |`);
  } finally {
    child.kill('SIGTERM');
    await sleep(1000);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
