/**
 * npm run bench: first-load JavaScript per route, gzipped, as a cold load in Chromium fetches it
 * (ARCHITECTURE §6 budget: 150 kB). Builds when no build exists, starts `next start` with a throw-away demo
 * database, signs in as admin and loads every page route of the registry that is built.
 */
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { ROUTES, type RouteDefinition } from '../lib/routes';
import {
  ensureBuild,
  launchChromium,
  measureFirstLoad,
  runUnderLockOnce,
  signInContext,
  startConsole,
  type FirstLoad,
} from './lib/console-server';

const BUDGET_KB = 150;

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

async function main() {
  runUnderLockOnce(fileURLToPath(import.meta.url), 'BENCH_FIRST_LOAD_LOCKED');
  ensureBuild();
  const server = await startConsole();
  const rows: (FirstLoad & { route: string })[] = [];
  try {
    const browser = await launchChromium();
    const context = await browser.newContext();
    await signInContext(context, server.base);
    // Public pages (sign-in, recovery, error) are measured as an anonymous visitor sees them: signed in, /login
    // would only redirect to the console.
    const anonymous = await browser.newContext();
    const pages = ROUTES.filter((r) => !r.redirectTo && r.layout !== 'bare' && r.modes?.includes('basic'));
    for (const route of pages) {
      if (route.pattern === '/logout') continue; // loading it signs the bench out
      const target = await samplePath(context, server.base, route);
      if (!target) continue;
      const result = await measureFirstLoad(route.access === 'public' ? anonymous : context, `${server.base}${target}`);
      if (result.status === 404) continue; // that screen is not built yet
      rows.push({ route: route.access === 'public' ? `${route.pattern} (signed out)` : route.pattern, ...result });
    }
    await browser.close();
  } finally {
    server.stop();
  }
  console.info(`\nFirst-load JavaScript per route (gzip -9 of every script a cold load fetches; budget ${BUDGET_KB} kB)\n`);
  console.info('| Route | Status | Scripts | Raw kB | Gzipped kB | Within budget |');
  console.info('|---|---|---|---|---|---|');
  for (const r of rows) {
    const ok = r.gzipKb <= BUDGET_KB ? 'yes' : 'NO';
    console.info(`| ${r.route} | ${r.status} | ${r.scripts} | ${r.rawKb.toFixed(1)} | ${r.gzipKb.toFixed(1)} | ${ok} |`);
  }
  if (rows.some((r) => r.gzipKb > BUDGET_KB)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
