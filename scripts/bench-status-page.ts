import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIENT_ADDRESS_HEADER } from '@/lib/auth/sign-in-throttle';
import { createPublicCache } from '@/lib/status-page/public-cache';
import { servePublicStatus, type PublicFormat } from '@/lib/status-page/public-route';
import { createRateLimiter } from '@/lib/status-page/rate-limit';
import { freePort } from './lib/free-port';

/**
 * `node --import tsx scripts/bench-status-page.ts [--seconds 20] [--rate 1000]`: the public status page's cache
 * (issue 38). Starts the embedded backend on a fresh demo database, publishes a page of two components and a check
 * group, then drives the console's public handler (lib/status-page/public-route.ts, in this process, as the route
 * files call it) at a fixed request rate from 1,000 client addresses for `--seconds`, and counts what reached the
 * backend. Also: the backend's computation of the page uncached, and one address over its limit.
 * Not through `next start` (Next's own per-request cost is in docs/measurements.md: ~0.6–0.8 ms of CPU).
 */

const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'bench-status-page-secret-0123456789';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function main() {
  const seconds = Number(arg('--seconds', '20'));
  const rate = Number(arg('--rate', '1000'));
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
