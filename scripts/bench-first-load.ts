/**
 * npm run bench: first-load JavaScript per route, gzipped, as a cold load in Chromium fetches it
 * (ARCHITECTURE §6 budget: 150 kB). Builds when no build exists, starts `next start` on a free loopback port
 * with a throw-away demo database, signs in as admin and loads every page route of the registry.
 */
import { spawn, execSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext } from '@playwright/test';
import { ROUTES, type RouteDefinition } from '../lib/routes';

const BUDGET_KB = 150;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Where a route's [id] comes from: the first row of a demo table, read through the console's own proxy. */
const SAMPLE_SOURCES: Record<string, string> = {
  '/topology/[id]': '/api/db/components?select=id&deleted_at=is.null&parent_id=is.null&limit=1',
  '/view/topology/[id]': '/api/db/components?select=id&deleted_at=is.null&parent_id=is.null&limit=1',
  '/incidents/[id]': '/api/db/incidents?select=id&limit=1',
  '/playbooks/runs/[id]': '/api/db/playbook_runs?select=id&limit=1',
  '/catalog/[id]': '/api/db/config_items?select=id&deleted_at=is.null&limit=1',
  '/catalog/scrapers/[id]': '/api/db/config_scrapers?select=id&limit=1',
  '/settings/teams/[id]': '/api/db/teams?select=id&limit=1',
  '/settings/incident_rules/[id]': '/api/db/incident_rules?select=id&limit=1',
  '/settings/topologies/[id]': '/api/db/topologies?select=id&limit=1',
  '/settings/canaries/[id]': '/api/db/canaries?select=id&limit=1',
};

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
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function samplePath(context: BrowserContext, base: string, route: RouteDefinition): Promise<string | null> {
  if (!route.pattern.includes('[')) return route.pattern;
  const source = SAMPLE_SOURCES[route.pattern];
  if (!source) return null;
  const response = await context.request.get(`${base}${source}`);
  if (!response.ok()) return null;
  const rows = (await response.json()) as { id?: string }[];
  const id = rows[0]?.id;
  return id ? route.pattern.replace('[id]', encodeURIComponent(id)) : null;
}

interface Row {
  route: string;
  status: number;
  scripts: number;
  rawKb: number;
  gzipKb: number;
}

async function measure(context: BrowserContext, url: string): Promise<Omit<Row, 'route'>> {
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await page.close();
  const raw = buffers.reduce((sum, b) => sum + b.length, 0);
  const gzip = buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
  return { status: response?.status() ?? 0, scripts: buffers.length, rawKb: raw / 1024, gzipKb: gzip / 1024 };
}

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    console.info('No build found: running npm run build');
    execSync('npm run build', { stdio: 'inherit' });
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-first-load-'));
  const server = spawn('npx', ['next', 'start', '-H', '127.0.0.1', '-p', String(port)], {
    env: {
      ...process.env,
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      AUTH_PROVIDER: 'basic',
      AUTH_SECRET: 'bench-secret-for-measurements-only',
      DEMO_TICKER: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
    },
    stdio: 'ignore',
    detached: true,
  });
  try {
    await waitFor(`${base}/api/health`, 180_000);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const context = await browser.newContext();
    const login = await context.newPage();
    await login.goto(`${base}/login`);
    await login.getByLabel('Username or email').fill('admin');
    await login.getByLabel('Password').fill('demo');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    await login.close();

    const rows: Row[] = [];
    const pages = ROUTES.filter((r) => !r.redirectTo && r.layout !== 'bare' && r.modes?.includes('basic'));
    for (const route of pages) {
      if (route.pattern === '/logout') continue; // loading it signs the bench out
      const target = await samplePath(context, base, route);
      if (!target) continue;
      const result = await measure(context, `${base}${target}`);
      if (result.status === 404) continue; // not built yet
      rows.push({ route: route.pattern, ...result });
    }
    await browser.close();

    console.info(`\nFirst-load JavaScript per route (gzip -9 of every script a cold load fetches; budget ${BUDGET_KB} kB)\n`);
    console.info('| Route | Status | Scripts | Raw kB | Gzipped kB | Budget |');
    console.info('|---|---|---|---|---|---|');
    for (const r of rows) {
      const ok = r.gzipKb <= BUDGET_KB ? 'ok' : 'OVER';
      console.info(`| ${r.route} | ${r.status} | ${r.scripts} | ${r.rawKb.toFixed(1)} | ${r.gzipKb.toFixed(1)} | ${ok} |`);
    }
    const over = rows.filter((r) => r.gzipKb > BUDGET_KB);
    if (over.length > 0) process.exitCode = 1;
  } finally {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
