/**
 * npm run bench:health — the health screen at 5,000 checks (issue 7): server response time and HTML size of
 * /health, first-load JS of /health, the time from a search keystroke, a Group By change and a sort click to the
 * updated list in Chromium, and Lighthouse performance/accessibility of /health and /view/health. Prints a
 * markdown table. It takes the machine-wide e2e lock (the shared .next must not be rebuilt under `next start`).
 */
import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';

const LOCK = '/tmp/ops-console-e2e.lock';
const CHECKS = Number(process.env.BENCH_CHECKS ?? 5000);
const SERVER_SAMPLES = 5;
const INTERACTION_SAMPLES = 5;
const SEARCH_DEBOUNCE_MS = 400;
const BUDGETS = { firstLoadKb: 150, interactionMs: 200, lighthouse: 95 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

interface Row {
  metric: string;
  value: string;
  budget: string;
  ok: boolean | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
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

function stop(child: ChildProcess | undefined) {
  try {
    if (child?.pid) process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Seeds a fresh database with CHECKS checks through the embedded backend's own start script, then stops it. */
async function seed(dataDir: string): Promise<void> {
  const port = await freePort();
  const child = spawn('node', ['--import', 'tsx', 'scripts/backend.ts', '--checks', String(CHECKS)], {
    env: { ...process.env, PGLITE_DIR: path.join(dataDir, 'pglite'), EMBEDDED_BACKEND_PORT: String(port), DEMO_TICKER: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('seeding timed out')), 600_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (/ready in/.test(out)) {
        clearTimeout(timer);
        console.info(out.trim().split('\n').filter((l) => /seeded|ready/.test(l)).join('\n'));
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`backend exited with ${code} before it was ready`)));
  });
  stop(child);
  await new Promise((r) => setTimeout(r, 1500));
}

async function signIn(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Username or email').fill('admin');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await page.close();
}

async function serverResponse(base: string, cookie: string, rows: Row[]) {
  const url = `${base}/health?hidePassing=false&groupBy=no-group`;
  await fetch(url, { headers: { cookie } }); // warm-up (first request opens the database)
  const times: number[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  for (let i = 0; i < SERVER_SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'identity' } });
    const html = await response.text();
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(html);
    gzipBytes = gzipSync(html).length;
  }
  rows.push({ metric: `Server response /health (${CHECKS} checks, full HTML, median of ${SERVER_SAMPLES})`, value: `${median(times).toFixed(0)} ms`, budget: '–', ok: null });
  rows.push({ metric: 'HTML size of /health (raw / gzip)', value: `${(bytes / 1024).toFixed(0)} kB / ${(gzipBytes / 1024).toFixed(0)} kB`, budget: '–', ok: null });
}

async function firstLoadJs(context: BrowserContext, base: string, rows: Row[]) {
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(`${base}/health`, { waitUntil: 'networkidle' });
  const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await page.close();
  const kb = buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024;
  rows.push({ metric: `First-load JS of /health (gzip, ${buffers.length} scripts)`, value: `${kb.toFixed(1)} kB`, budget: `${BUDGETS.firstLoadKb} kB`, ok: kb <= BUDGETS.firstLoadKb });
}

/** Runs `act` in the page and resolves with the ms until the list's DOM changed and the next frame was painted. */
async function timeInPage(page: Page, act: string): Promise<number> {
  return page.evaluate(async (actSource) => {
    const list = document.querySelector('[data-testid="health-table"]') ?? document.body;
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve();
      });
      observer.observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    const started = performance.now();
    new Function(actSource)();
    await changed;
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - started;
  }, act);
}

async function interactions(context: BrowserContext, base: string, rows: Row[]) {
  const page = await context.newPage();
  await page.goto(`${base}/health?hidePassing=false&groupBy=no-group`, { waitUntil: 'networkidle' });
  await page.getByRole('table', { name: 'Health checks' }).waitFor();
  const search: number[] = [];
  const group: number[] = [];
  const sort: number[] = [];
  const setInput = (value: string) => `
    const input = document.querySelector('input[aria-label="Search checks"]');
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    setter.call(input, ${JSON.stringify(value)});
    input.dispatchEvent(new Event('input', { bubbles: true }));`;
  for (let i = 0; i < INTERACTION_SAMPLES; i++) {
    search.push((await timeInPage(page, setInput(i % 2 === 0 ? 'http' : 'htt'))) - SEARCH_DEBOUNCE_MS);
    await page.waitForTimeout(300);
  }
  await page.evaluate(setInput(''));
  await page.waitForTimeout(800);
  const groupValues = ['canary_name', 'type', 'no-group', 'name', 'no-group'];
  for (let i = 0; i < INTERACTION_SAMPLES; i++) {
    group.push(
      await timeInPage(
        page,
        `const s = [...document.querySelectorAll('select')].find((e) => e.labels?.[0]?.textContent === 'Group By');
         const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set;
         setter.call(s, ${JSON.stringify(groupValues[i])});
         s.dispatchEvent(new Event('change', { bubbles: true }));`,
      ),
    );
    await page.waitForTimeout(300);
  }
  for (let i = 0; i < INTERACTION_SAMPLES; i++) {
    sort.push(await timeInPage(page, `[...document.querySelectorAll('th button')].find((b) => b.textContent?.trim() === 'Latency').click();`));
    await page.waitForTimeout(300);
  }
  await page.close();
  const add = (metric: string, values: number[]) => {
    const m = median(values);
    rows.push({ metric, value: `${m.toFixed(0)} ms (max ${Math.max(...values).toFixed(0)})`, budget: `${BUDGETS.interactionMs} ms`, ok: m <= BUDGETS.interactionMs });
  };
  add(`Search keystroke → updated list (${CHECKS} rows; after the spec's 400 ms debounce)`, search);
  add(`Group By change → updated list (${CHECKS} rows)`, group);
  add(`Sort click → updated list (${CHECKS} rows)`, sort);
}

type LighthouseRun = (
  url: string,
  flags: Record<string, unknown>,
  config: unknown,
) => Promise<{ lhr: { categories: Record<string, { score: number | null } | undefined> } } | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

async function lighthouse(base: string, cookie: string, rows: Row[]) {
  let lh: LighthouseRun;
  let launcher: ChromeLauncher;
  let desktop: unknown;
  // Optional dev dependency, loaded by name so the bench still reports the other figures without it.
  const load = (name: string) => import(name) as Promise<{ default: unknown }>;
  try {
    lh = (await load('lighthouse')).default as LighthouseRun;
    launcher = (await load('chrome-launcher')) as unknown as ChromeLauncher;
    desktop = (await load('lighthouse/core/config/desktop-config.js')).default;
  } catch {
    rows.push({ metric: 'Lighthouse', value: 'not run (npm install lighthouse@12.8.2)', budget: `${BUDGETS.lighthouse}`, ok: null });
    return;
  }
  const chrome = await launcher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    for (const route of ['/health', '/view/health']) {
      const result = await lh(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: { Cookie: cookie } }, desktop);
      const categories = result?.lhr.categories;
      const perf = Math.round((categories?.performance?.score ?? 0) * 100);
      const a11y = Math.round((categories?.accessibility?.score ?? 0) * 100);
      rows.push({ metric: `Lighthouse performance ${route} (desktop preset)`, value: String(perf), budget: `≥ ${BUDGETS.lighthouse}`, ok: perf >= BUDGETS.lighthouse });
      rows.push({ metric: `Lighthouse accessibility ${route}`, value: String(a11y), budget: `≥ ${BUDGETS.lighthouse}`, ok: a11y >= BUDGETS.lighthouse });
    }
  } finally {
    await chrome.kill();
  }
}

async function main() {
  if (!process.env.BENCH_HEALTH_LOCKED) {
    // Re-run under the machine-wide lock so no build replaces .next while this bench's `next start` runs.
    const result = spawnSync('flock', [LOCK, process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_HEALTH_LOCKED: '1' },
    });
    process.exit(result.status ?? 1);
  }
  if (!existsSync('.next/BUILD_ID')) execSync('npm run build', { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-health-'));
  let server: ChildProcess | undefined;
  const rows: Row[] = [];
  try {
    await seed(dataDir);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
      env: { ...process.env, PGLITE_DIR: path.join(dataDir, 'pglite'), AUTH_PROVIDER: 'basic', AUTH_SECRET: 'bench-secret-for-measurements-only', DEMO_TICKER: 'false', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: 'ignore',
      detached: true,
    });
    await waitFor(`${base}/api/health`, 180_000);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await signIn(context, base);
    const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
    await serverResponse(base, cookie, rows);
    await firstLoadJs(context, base, rows);
    await interactions(context, base, rows);
    await browser.close();
    await lighthouse(base, cookie, rows);
  } finally {
    stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.info(`\nHealth benchmark (${CHECKS} checks, ${new Date().toISOString()})\n`);
  console.info('| Metric | Value | Budget | Within |');
  console.info('|---|---|---|---|');
  for (const r of rows) console.info(`| ${r.metric} | ${r.value} | ${r.budget} | ${r.ok === null ? '–' : r.ok ? 'yes' : 'NO'} |`);
  if (rows.some((r) => r.ok === false)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
