import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { register } from 'node:module';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuild, nextSessionCookie, runUnderLockOnce } from './lib/console-server';
import { freePort } from './lib/free-port';
import { cpuMs } from './lib/process-cpu';

/**
 * `npm run bench:proxy`: the same request mix sent straight to the embedded backend (`npm run backend`), through
 * the /api proxy core (proxyRequest served by node:http) in front of that backend, and through the proxy with the
 * embedded backend in-process (the default deployment), at 1, 20 and 100 concurrent connections. Prints requests/s, p50/p99 latency and the proxy/direct ratios as a markdown table.
 * Backend, proxy and load loop run in separate processes so that the proxy does not share the load loop's CPU.
 *
 * The mix also goes through `next start`'s /api route (session cookie, route handler, proxy → backend over HTTP;
 * no middleware runs for /api), signed in as the demo admin, next to that server's /api/health liveness route,
 * which calls no backend: Next's own cost per request, the floor of any /api route. That leg runs under the
 * machine-wide e2e lock (taken here unless BENCH_PROXY_LOCKED is set by a caller that holds it) and builds first
 * when no build exists; --no-next skips it.
 *
 * The machine may have only 2 cores for the load loop, the backend and the proxy, so every row also reports the
 * CPU time the serving processes spent per request (from /proc): it shows where a throughput limit comes from
 * independently of what else ran at the time.
 *
 * Options: --duration <s> per run (default 5), --concurrency 1,20,100, --with-summary (adds the slow health
 * summary to the mix), --pglite-dir <dir> (default: a fresh temporary directory, so a running console's data
 * is never touched).
 */

const ROOT = new URL('..', import.meta.url).pathname;
const SELF = new URL(import.meta.url).pathname;

function arg(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

function startChild(
  args: string[],
  env: NodeJS.ProcessEnv,
  readyPattern: RegExp,
  label: string,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyPattern.test(output)) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}:\n${output.slice(-2000)}`)));
  });
}

interface Target {
  label: string;
  baseUrl: string;
  prefix: string;
  headers: Record<string, string>;
  /** The processes that serve this target (proxy and backend), for the CPU time per request. */
  pids: (number | undefined)[];
  /** Always this path instead of the mix (Next's own floor: a route handler that calls no backend). */
  fixedPath?: string;
}

function once(agent: Agent, target: Target, path: string): Promise<number> {
  const url = new URL(target.baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: target.fixedPath ?? `${target.prefix}${path}`,
        headers: target.headers,
        agent,
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400)
            reject(new Error(`${target.label} ${path}: HTTP ${res.statusCode}`));
          else resolve(performance.now() - started);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  count: number;
  /** CPU ms per request of each serving process (pids order), and of this load loop. */
  cpu: number[];
  loadCpu: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A closed loop: `concurrency` workers, each sending the mix back to back, bounded by time and count. */
async function load(
  target: Target,
  mix: readonly string[],
  concurrency: number,
  durationMs: number,
): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const maxCount = 200_000;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (performance.now() - started < durationMs && latencies.length < maxCount) {
      const path = mix[next++ % mix.length] ?? '/';
      latencies.push(await once(agent, target, path));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return latencies;
}

/**
 * Alternates short slices of every target so that background load on a shared machine hits them alike;
 * throughput counts completed requests over the summed wall time of each target's slices.
 */
async function compare(
  targets: readonly Target[],
  mix: readonly string[],
  concurrency: number,
  durationMs: number,
  slices = 5,
) {
  const results = targets.map((target) => ({
    latencies: [] as number[],
    seconds: 0,
    cpu: target.pids.map(() => 0),
    loadCpu: 0,
  }));
  for (let i = 0; i < slices; i++) {
    for (const [index, target] of targets.entries()) {
      const result = results[index];
      if (!result) continue;
      const cpuBefore = target.pids.map(cpuMs);
      const loadBefore = process.cpuUsage();
      const started = performance.now();
      const latencies = await load(target, mix, concurrency, durationMs / slices);
      result.seconds += (performance.now() - started) / 1000;
      const loadUsed = process.cpuUsage(loadBefore);
      result.loadCpu += (loadUsed.user + loadUsed.system) / 1000;
      target.pids.forEach((pid, p) => {
        result.cpu[p] = (result.cpu[p] ?? 0) + cpuMs(pid) - (cpuBefore[p] ?? 0);
      });
      result.latencies.push(...latencies);
    }
  }
  return results.map(({ latencies, seconds, cpu, loadCpu }): RunResult => {
    latencies.sort((x, y) => x - y);
    return {
      rps: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      count: latencies.length,
      cpu: cpu.map((ms) => ms / Math.max(1, latencies.length)),
      loadCpu: loadCpu / Math.max(1, latencies.length),
    };
  });
}

async function jsonFrom(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

async function login(
  send: string | ((path: string, init: RequestInit) => Promise<Response>),
): Promise<string> {
  const init = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  };
  const response =
    typeof send === 'string' ? await fetch(`${send}/auth/login`, init) : await send('/auth/login', init);
  if (!response.ok) throw new Error(`login: HTTP ${response.status}`);
  const body = (await response.json()) as { payload?: { token?: string } };
  const token = body.payload?.token;
  if (!token) throw new Error('login returned no token');
  return token;
}

/**
 * Child mode: proxyRequest over node:http, signed in as the demo admin, in front of the backend server
 * (`backendUrl`), or of the embedded backend in-process (`embedded`, the default deployment without BACKEND_URL).
 */
async function serveProxy(backendUrl: string, port: number): Promise<void> {
  // transport.ts is marked server-only (a Next.js build guard); outside Next it resolves to the empty module.
  register(
    `data:text/javascript,${encodeURIComponent(
      `export async function resolve(s, c, n) { return s === 'server-only' ? { url: 'data:text/javascript,export {}', shortCircuit: true } : n(s, c); }`,
    )}`,
  );
  const [
    { apiRoute },
    { proxyRequest },
    { httpTransport, embeddedTransport },
    { startFetchServer },
    { restFromUrl },
    { computeGrants },
    { getEnv },
  ] = await Promise.all([
    import('@/lib/backend/api-route'),
    import('@/lib/backend/proxy'),
    import('@/lib/backend/transport'),
    import('@/scripts/lib/node-http'),
    import('@/lib/backend/request-target'),
    import('@/lib/auth/permissions'),
    import('@/lib/env'),
  ]);
  const env = getEnv();
  const transport =
    backendUrl === 'embedded' ? embeddedTransport() : httpTransport(backendUrl, 10 * 60 * 1000);
  const token = await login(transport);
  const session = {
    mode: 'basic' as const,
    user: { id: 'bench', name: 'admin' },
    roles: ['admin' as const],
    grants: computeGrants(['admin']),
    features: {},
    refreshedAt: Date.now(),
  };
  // The same route wrapper as app/api/[...path] (cross-site check, security headers, no-store).
  const handler = apiRoute((request: Request, rawTarget: string) =>
    proxyRequest(request, {
      rest: restFromUrl(rawTarget),
      access: { session, token, transport },
      mode: 'basic',
      limits: { maxBodyBytes: env.PROXY_MAX_BODY_BYTES, timeoutMs: env.PROXY_TIMEOUT_MS },
    }),
  );
  await startFetchServer(handler, port);
  console.info(`proxy ready on ${port}`);
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

async function main(): Promise<void> {
  const withNext = !process.argv.includes('--no-next');
  if (withNext) {
    // next start reads the shared .next, which a concurrent build would replace underneath it.
    runUnderLockOnce(SELF, 'BENCH_PROXY_LOCKED');
    if (!existsSync(join(ROOT, '.next', 'BUILD_ID'))) ensureBuild();
  }
  const durationMs = Number(arg('--duration') ?? 5) * 1000;
  const levels = (arg('--concurrency') ?? '1,20,100').split(',').map(Number);
  const configuredDir = arg('--pglite-dir');
  const dataDir = configuredDir ?? mkdtempSync(join(tmpdir(), 'bench-proxy-'));
  // The in-process variant opens its own copy of the same deterministic demo data (one PGlite per directory).
  const embeddedDir = mkdtempSync(join(tmpdir(), 'bench-proxy-embedded-'));
  const backendPort = await freePort();
  const proxyPort = await freePort();
  const embeddedProxyPort = await freePort();
  const nextPort = await freePort();
  const env = {
    ...process.env,
    EMBEDDED_BACKEND_PORT: String(backendPort),
    PGLITE_DIR: dataDir,
    DEMO_TICKER: 'false',
  };
  const children: ChildProcess[] = [];
  const cleanup = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  const stopped = () =>
    Promise.all(
      children.map((child) =>
        child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)),
      ),
    );
  process.on('exit', cleanup);
  try {
    console.info(`starting the embedded backend (PGlite at ${dataDir}) …`);
    const backend = await startChild(['scripts/backend.ts'], env, /ready in/, 'backend');
    children.push(backend);
    const backendUrl = `http://127.0.0.1:${backendPort}`;
    const proxy = await startChild(
      [SELF, '--serve-proxy', backendUrl, String(proxyPort)],
      env,
      /proxy ready/,
      'proxy',
    );
    children.push(proxy);
    console.info('starting the proxy with the embedded backend in-process …');
    const embeddedProxy = await startChild(
      [SELF, '--serve-proxy', 'embedded', String(embeddedProxyPort)],
      { ...env, PGLITE_DIR: embeddedDir },
      /proxy ready/,
      'embedded proxy',
    );
    children.push(embeddedProxy);

    const token = await login(backendUrl);
    const checks = (await jsonFrom(`${backendUrl}/db/checks?select=id&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    })) as Array<{ id: string }>;
    const checkId = checks[0]?.id ?? '00000000-0000-0000-0000-000000000000';
    // The health summary costs ~180 ms in the embedded backend and would turn the mix into a queue behind it.
    const mix = [
      ...(process.argv.includes('--with-summary') ? ['/canary/api/summary'] : []),
      '/db/checks?select=id,name,status&order=name.asc&limit=50',
      `/db/check_statuses?check_id=eq.${checkId}&order=time.desc&limit=50&offset=0`,
      '/canary/about',
      '/properties',
      `/db/checks?id=eq.${checkId}&select=*,canaries!checks_canary_id_fkey(id,name,source)`,
      `/db/check_statuses?check_id=eq.${checkId}&order=time.desc&limit=500`,
    ];
    const direct: Target = {
      label: 'direct to backend (HTTP)',
      baseUrl: backendUrl,
      prefix: '',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', prefer: 'count=exact' },
      pids: [backend.pid],
    };
    const viaProxy: Target = {
      label: 'proxyRequest → backend (HTTP)',
      baseUrl: `http://127.0.0.1:${proxyPort}`,
      prefix: '/api',
      headers: { accept: 'application/json', prefer: 'count=exact' },
      pids: [proxy.pid, backend.pid],
    };

    const inProcess: Target = {
      ...viaProxy,
      label: 'proxyRequest, backend in-process',
      baseUrl: `http://127.0.0.1:${embeddedProxyPort}`,
      pids: [embeddedProxy.pid],
    };
    const targets = [direct, viaProxy, inProcess];

    if (withNext) {
      console.info('starting next start with BACKEND_URL pointing at the backend …');
      const next = await startChild(
        ['node_modules/next/dist/bin/next', 'start', '-H', '127.0.0.1', '-p', String(nextPort)],
        { ...env, BACKEND_URL: backendUrl, AUTH_PROVIDER: 'basic', NODE_ENV: 'production' },
        /Ready|ready/,
        'next start',
      );
      children.push(next);
      const nextUrl = `http://127.0.0.1:${nextPort}`;
      const cookie = await nextSessionCookie(nextUrl);
      targets.push({
        ...viaProxy,
        label: 'next start /api → backend (HTTP)',
        baseUrl: nextUrl,
        headers: { ...viaProxy.headers, cookie },
        pids: [next.pid, backend.pid],
      });
      // The same server's liveness route: the route wrapper and Next's own work per request, no backend call.
      targets.push({
        ...viaProxy,
        label: 'next start /api/health (Next floor, no backend)',
        baseUrl: nextUrl,
        headers: { cookie },
        pids: [next.pid, backend.pid],
        fixedPath: '/api/health',
      });
    }

    // Warm every path (JIT, connection pools, database caches) before measuring; next start's lazily loaded
    // route and middleware code needed more than the 1.5 s that suffice for the plain servers.
    for (const target of targets) await load(target, mix, 20, 4000);
    const loadBefore = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');

    const rows: string[] = [];
    for (const concurrency of levels) {
      const results = await compare(targets, mix, concurrency, durationMs);
      const d = results[0];
      if (!d) continue;
      results.forEach((r, i) => {
        const target = targets[i];
        if (!target) return;
        // pids: [backend] for the direct row, [proxy, backend] over HTTP, [proxy with the backend inside] in-process.
        const [first = Number.NaN, second = Number.NaN] = r.cpu;
        const proxyCpu = i === 0 ? '' : fmt(first, 2);
        const backendCpu = i === 0 ? fmt(first, 2) : target.pids.length > 1 ? fmt(second, 2) : 'in proxy';
        rows.push(
          `| ${concurrency} | ${target.label} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${i === 0 ? '' : fmt(r.p50 - d.p50, 2)} | ${i === 0 ? '' : `${fmt((100 * r.rps) / d.rps, 0)} %`} | ${proxyCpu} | ${backendCpu} | ${fmt(r.loadCpu, 2)} |`,
        );
      });
      console.info(`c=${concurrency}: ${results.map((r) => r.count).join(' / ')} requests`);
    }
    console.info(
      `\nRequest mix (${mix.length} GETs, round robin): ${mix.map((m) => m.split('?')[0]).join(', ')}`,
    );
    console.info(
      `Each target ${durationMs / 1000} s per level, in 5 alternating slices; ${process.platform} ${process.arch}, ${availableParallelism()} CPUs, Node ${process.version}; load average before: ${loadBefore}\n`,
    );
    console.info(
      '| connections | path | req/s | p50 ms | p99 ms | added p50 ms | throughput vs direct | proxy CPU ms/req | backend CPU ms/req | load loop CPU ms/req |',
    );
    console.info('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.info(row);
    console.info(
      `load average after: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    cleanup();
    await Promise.race([stopped(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (!configuredDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(embeddedDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve-proxy') {
  serveProxy(process.argv[3] ?? '', Number(process.argv[4])).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main()
    .then(() => process.exit(0))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
