import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signBackendToken } from '@/lib/embedded-backend/token';
import { percentile } from './lib/console-server';
import { freePort } from './lib/free-port';

/**
 * `npm run bench:live [-- --streams 100,500 --writes 20]`: the embedded backend (`npm run backend`, PGlite in a fresh
 * temporary directory, or DATABASE_URL) in a child process, with N open `GET /events` streams, each of its own
 * session. Prints, per N: write → event latency over every stream (p50/p95, the coalescing window included), the
 * backend's resident memory per open stream, and the p50/p95 of an ordinary /db read with and without the streams.
 */

const ROOT = new URL('..', import.meta.url).pathname;
const SECRET = 'bench-live-secret-0123456789abcdef';

function arg(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] ? (argv[i + 1] as string) : fallback;
}

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  close(): void;
  /** Resolves with the receive time of the first event naming id. */
  waitFor(id: string): Promise<number>;
}

async function openStream(url: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const waiting = new Map<string, (at: number) => void>();
  const seen = new Map<string, number>();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`stream answered ${response.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        for (const match of decoder.decode(chunk, { stream: true }).matchAll(/"id":"([^"]+)"/g)) {
          const id = match[1] as string;
          seen.set(id, at);
          waiting.get(id)?.(at);
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return {
    close: () => controller.abort(),
    waitFor: (id) =>
      seen.has(id)
        ? Promise.resolve(seen.get(id) as number)
        : new Promise((resolve) => waiting.set(id, resolve)),
  };
}

async function main() {
  const counts = arg('--streams', '100,500').split(',').map(Number);
  const writes = Number(arg('--writes', '20'));
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-live-'));
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
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await sleep(500);
    }
    const admin = `Basic ${Buffer.from('admin:demo').toString('base64')}`;
    const who = (await (
      await fetch(`${base}/auth/whoami`, { headers: { authorization: admin } })
    ).json()) as {
      payload: { user: { id: string } };
    };
    const personId = who.payload.user.id;
    const [incident] = (await (
      await fetch(`${base}/db/incidents?select=id&limit=1`, { headers: { authorization: admin } })
    ).json()) as { id: string }[];

    const readP = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const started = performance.now();
        const r = await fetch(`${base}/db/checks?select=id,name,status&limit=50`, {
          headers: { authorization: admin },
        });
        await r.arrayBuffer();
        times.push(performance.now() - started);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    };
    await readP(20);
    const idle = await readP(200);
    const rows: string[] = [];
    for (const n of counts) {
      const before = rssKb(child.pid as number);
      const streams: Stream[] = [];
      for (let i = 0; i < n; i++) {
        // A token of its own per stream: each counts as one session against the per-session cap.
        const token = signBackendToken({ sub: personId, ttlSeconds: 3600 + i }, SECRET);
        streams.push(await openStream(`${base}/events?kinds=comment`, token));
      }
      await sleep(1000);
      const after = rssKb(child.pid as number);
      const latencies: number[] = [];
      for (let w = 0; w < writes; w++) {
        const started = performance.now();
        const r = await fetch(`${base}/db/comments`, {
          method: 'POST',
          headers: {
            authorization: admin,
            'content-type': 'application/json',
            prefer: 'return=representation',
          },
          body: JSON.stringify({ incident_id: incident?.id, created_by: personId, comment: `bench ${w}` }),
        });
        const [row] = (await r.json()) as { id: string }[];
        const arrivals = await Promise.all(streams.map((s) => s.waitFor(row?.id as string)));
        for (const at of arrivals) latencies.push(at - started);
      }
      const loaded = await readP(200);
      for (const s of streams) s.close();
      await sleep(1000);
      rows.push(
        `| ${n} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 95).toFixed(0)} | ${(((after - before) * 1024) / n / 1000).toFixed(1)} | ${idle.p50.toFixed(1)} / ${idle.p95.toFixed(1)} | ${loaded.p50.toFixed(1)} / ${loaded.p95.toFixed(1)} | ${(((loaded.p95 - idle.p95) / idle.p95) * 100).toFixed(0)} % |`,
      );
    }
    console.log(
      '| streams | write→event p50 ms | p95 ms | RSS per stream kB | /db read p50/p95 ms, no streams | with streams | p95 change |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
