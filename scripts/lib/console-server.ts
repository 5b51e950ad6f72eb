/**
 * What the measuring scripts share: a `next start` of the built console on a free loopback port with a
 * throw-away demo database, sign-in in Chromium, first-load script sizes and Lighthouse scores.
 */
import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { freePort } from './free-port';

/** The machine-wide lock that keeps builds from replacing .next under a running `next start`. */
export const E2E_LOCK = '/tmp/ops-console-e2e.lock';

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stopProcess(child: ChildProcess | undefined): void {
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Re-runs the calling script under the e2e lock unless it already holds it. */
export function runUnderLockOnce(scriptPath: string, marker: string): void {
  if (process.env[marker]) return;
  const result = spawnSync(
    'flock',
    [E2E_LOCK, process.execPath, '--import', 'tsx', scriptPath, ...process.argv.slice(2)],
    {
      stdio: 'inherit',
      env: { ...process.env, [marker]: '1' },
    },
  );
  process.exit(result.status ?? 1);
}

/** The value `p` % of the way up the sorted values (nearest rank, rounded down); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/**
 * Seeds a fresh database in `dataDir` through the embedded backend's own start script (`--checks` scales the
 * health checks; `args` passes further scale flags such as `--config-items`), then stops it, so that
 * `startConsole({ dataDir })` serves that data.
 */
export async function seedDatabase(
  dataDir: string,
  options: {
    checks?: number;
    args?: readonly string[];
    timeoutMs?: number;
    /** More environment for the backend (DATABASE_URL seeds a PostgreSQL database instead). */
    env?: Record<string, string>;
  } = {},
): Promise<void> {
  const port = await freePort();
  const args = [
    '--import',
    'tsx',
    'scripts/backend.ts',
    ...(options.checks ? ['--checks', String(options.checks)] : []),
    ...(options.args ?? []),
  ];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      EMBEDDED_BACKEND_PORT: String(port),
      DEMO_TICKER: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error('seeding timed out')), options.timeoutMs ?? 600_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (/ready in/.test(out)) {
          clearTimeout(timer);
          console.info(
            out
              .trim()
              .split('\n')
              .filter((l) => /seeded|ready/.test(l))
              .join('\n'),
          );
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`backend exited with ${code} before it was ready`));
      });
    });
  } finally {
    stopProcess(child);
  }
  // Let it close the database files before the console opens them.
  await new Promise((r) => setTimeout(r, 1500));
}

export interface HtmlTiming {
  /** Median time to the whole body over the samples, after one warm-up request. */
  medianMs: number;
  timesMs: number[];
  rawKb: number;
  gzipKb: number;
  html: string;
}

/** Fetches a server-rendered page `samples` times (identity encoding) and measures time and size (gzip, default level). */
export async function measureHtml(url: string, cookie: string, samples = 5): Promise<HtmlTiming> {
  await fetch(url, { headers: { cookie } }); // warm-up (the first request opens the database)
  const timesMs: number[] = [];
  let html = '';
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    html = await response.text();
    timesMs.push(performance.now() - started);
  }
  return {
    medianMs: median(timesMs),
    timesMs,
    rawKb: Buffer.byteLength(html) / 1024,
    gzipKb: gzipSync(html).length / 1024,
    html,
  };
}

export function ensureBuild(): void {
  if (!existsSync('.next/BUILD_ID')) execSync('npm run build', { stdio: 'inherit' });
}

export interface ConsoleServer {
  base: string;
  dataDir: string;
  /** The server's process (its CPU time is that of its process group). */
  pid: number | undefined;
  stop(): void;
}

/** Starts `next start` in basic mode; pass `dataDir` to reuse a database seeded beforehand. */
export async function startConsole(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<ConsoleServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'console-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: {
      ...process.env,
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      AUTH_PROVIDER: 'basic',
      AUTH_SECRET: 'bench-secret-for-measurements-only',
      DEMO_TICKER: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: 'ignore',
    detached: true,
  });
  await waitFor(`${base}/api/health?ready=1`, 180_000);
  return {
    base,
    dataDir,
    pid: child.pid,
    stop() {
      stopProcess(child);
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through next-auth's credentials flow (mounted at /api/session) and returns the session cookie. */
export async function nextSessionCookie(baseUrl: string, username = 'admin'): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const csrf = await fetch(`${baseUrl}/api/session/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${baseUrl}/api/session/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    // Origin: a browser's same-origin form post sends it, and the console refuses cross-site writes.
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: header(), origin: baseUrl },
    body: new URLSearchParams({
      csrfToken,
      username,
      password: 'demo',
      callbackUrl: `${baseUrl}/`,
    }).toString(),
  });
  keep(signIn);
  const session = [...cookies.keys()].find((name) => name.includes('session-token'));
  if (!session) throw new Error(`next-auth sign-in failed (HTTP ${signIn.status})`);
  return `${session}=${cookies.get(session)}`;
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** Signs a browser context in through the real /login form; returns the Cookie header for plain fetches. */
export async function signInContext(context: BrowserContext, base: string, role = 'admin'): Promise<string> {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username or email').fill(role);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await page.close();
  return (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
}

export interface FirstLoad {
  status: number;
  scripts: number;
  rawKb: number;
  gzipKb: number;
}

/**
 * The script requests a cold load of `url` makes before the load event, in order. Link prefetches start once the
 * page has hydrated and fetch the scripts of the routes they prefetch; on a busy machine that can come before the
 * load event, so they are refused here: what they fetch is never part of the first load.
 */
export async function firstLoadScripts(
  page: Page,
  url: string,
): Promise<{ status: number; scripts: Request[] }> {
  await page.route(/[?&]_rsc=/, (route) =>
    route.request().headers()['next-router-prefetch'] ? route.abort() : route.continue(),
  );
  const scripts: Request[] = [];
  let loaded = false;
  page.on('request', (request) => {
    if (!loaded && request.resourceType() === 'script') scripts.push(request);
  });
  page.on('load', () => {
    loaded = true;
  });
  const response = await page.goto(url, { waitUntil: 'load' });
  return { status: response?.status() ?? 0, scripts };
}

/**
 * Every script of a cold load of `url` (firstLoadScripts) with its size after gzip -9 (ARCHITECTURE §6 budgets).
 * Waiting for network idle instead never ends on pages whose links keep prefetching.
 */
export async function measureFirstLoad(context: BrowserContext, url: string): Promise<FirstLoad> {
  const page = await context.newPage();
  const { status, scripts } = await firstLoadScripts(page, url);
  const buffers = (
    await Promise.all(
      scripts.map((r) =>
        r.response().then(
          (res) => res?.body() ?? null,
          () => null,
        ),
      ),
    )
  ).filter((b): b is Buffer => b !== null);
  await page.close();
  return {
    status,
    scripts: buffers.length,
    rawKb: buffers.reduce((sum, b) => sum + b.length, 0) / 1024,
    gzipKb: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024,
  };
}

type LighthouseRun = (
  url: string,
  flags: Record<string, unknown>,
  config: unknown,
) => Promise<
  | {
      lhr: {
        categories: Record<
          string,
          { score: number | null; auditRefs?: { id: string; weight: number }[] } | undefined
        >;
        runtimeError?: { code: string; message: string };
        audits: Record<
          string,
          { score: number | null; title?: string; displayValue?: string; errorMessage?: string } | undefined
        >;
      };
    }
  | undefined
>;
interface ChromeLauncher {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
  }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

export interface LighthouseScore {
  performance: number;
  accessibility: number;
  /** Why a score is under 100: the performance metrics' values and each failed accessibility audit. */
  misses: string[];
}

/** The performance metrics Lighthouse scores, with their display values, in the report's order. */
const LIGHTHOUSE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
];

/**
 * Lighthouse performance and accessibility per URL in its desktop preset or its default mobile profile (simulated
 * slow 4G, 4× CPU slowdown); null when lighthouse is not installed. `reportDir` keeps each full report (JSON) there,
 * for what the scores do not say (which element shifted, which script blocked).
 */
export async function lighthouseScores(
  urls: readonly string[],
  {
    cookie,
    preset = 'desktop',
    reportDir,
  }: { cookie?: string; preset?: 'desktop' | 'mobile'; reportDir?: string } = {},
): Promise<Map<string, LighthouseScore> | null> {
  const load = (name: string) => import(name) as Promise<{ default: unknown }>;
  let run: LighthouseRun;
  let launcher: ChromeLauncher;
  let config: unknown;
  try {
    run = (await load('lighthouse')).default as LighthouseRun;
    launcher = (await load('chrome-launcher')) as unknown as ChromeLauncher;
    config =
      preset === 'desktop' ? (await load('lighthouse/core/config/desktop-config.js')).default : undefined;
  } catch {
    return null;
  }
  const scores = new Map<string, LighthouseScore>();
  const chrome = await launcher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    for (const url of urls) {
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      };
      let lhr = (await run(url, flags, config))?.lhr;
      // A failed trace recording (e.g. NO_NAVSTART on a busy machine) is Lighthouse's own hiccup, and its message
      // asks for another run: one retry, reported below if it fails again. A low score is never retried.
      if (lhr?.runtimeError) {
        console.error(`lighthouse ${url}: ${lhr.runtimeError.code}, running it once more`);
        lhr = (await run(url, flags, config))?.lhr;
      }
      if (reportDir && lhr) {
        mkdirSync(reportDir, { recursive: true });
        const name = `${preset}${new URL(url).pathname.replace(/[^a-zA-Z0-9]+/g, '-')}.json`;
        writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
      }
      const categories = lhr?.categories;
      // A category without a score means Lighthouse could not measure (it counts as 0 here): say why.
      if (categories?.performance?.score == null || categories.accessibility?.score == null) {
        const failed = Object.entries(lhr?.audits ?? {}).filter(([, audit]) => audit?.errorMessage);
        console.error(`lighthouse ${url}: ${lhr?.runtimeError?.message ?? 'no score'}`);
        for (const [id, audit] of failed) console.error(`  ${id}: ${audit?.errorMessage}`);
      }
      const audits = lhr?.audits ?? {};
      const performance = Math.round((categories?.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories?.accessibility?.score ?? 0) * 100);
      const misses = [
        ...(performance < 100
          ? LIGHTHOUSE_METRICS.flatMap((id) =>
              audits[id]?.displayValue ? [`${audits[id]?.title ?? id} ${audits[id]?.displayValue}`] : [],
            )
          : []),
        ...(categories?.accessibility?.auditRefs ?? []).flatMap((ref) =>
          ref.weight > 0 && audits[ref.id]?.score === 0 ? [`a11y: ${audits[ref.id]?.title ?? ref.id}`] : [],
        ),
      ];
      scores.set(url, { performance, accessibility, misses });
    }
  } finally {
    await chrome.kill();
  }
  return scores;
}
