/**
 * npm run bench: first-load JavaScript per route, gzipped, as a cold load in Chromium fetches it, against the
 * budgets in scripts/first-load-budgets.json (ARCHITECTURE §6: data screens 180 kB, pages without data 150 kB).
 * Builds when no build exists, starts `next start` with a throw-away demo database, signs in as admin and loads
 * every built page route of the registry plus the 404 page; exits non-zero when a route is over its budget, has
 * no budget line, or does not answer. `npm test` runs it. `npm run bench:why -- /route` says what a route loads.
 */
import { fileURLToPath } from 'node:url';
import {
  ensureBuild,
  launchChromium,
  measureFirstLoad,
  runUnderLockOnce,
  signInContext,
  startConsole,
  type FirstLoad,
} from './lib/console-server';
import { FIRST_LOAD_BUDGETS_KB, readScriptsJson } from './lib/first-load-budgets';
import { mapConcurrently, pageRoutes, samplePath } from './lib/route-samples';

const BUDGETS = FIRST_LOAD_BUDGETS_KB;

/**
 * Routes known to be over their budget, each with the ceiling measured when it landed and the open issue that owes
 * the cut (scripts/first-load-overages.json). A ratchet, not a waiver: the route fails when it grows past the
 * ceiling, the table marks it 'NO (known)', and a route back within its budget must have its line deleted.
 */
interface Overage {
  ceilingKb: number;
  issue: number;
}
const OVERAGES = readScriptsJson<Record<string, Overage | string>>('first-load-overages.json');

function overageOf(route: string): Overage | undefined {
  const entry = OVERAGES[route];
  return typeof entry === 'object' ? entry : undefined;
}
/** The budget line of the console's answer to an address no route has. */
const NOT_FOUND_ROW = '(unknown address: the 404 page)';
const NOT_FOUND_PATH = '/no-such-page-for-the-bench';

interface Row extends FirstLoad {
  route: string;
  budget: number | undefined;
  expectedStatus: number;
}

/**
 * Pages loaded at once: bytes do not depend on timing, and two loads side by side keep both cores busy (the server
 * renders one while Chromium runs another), which shortens `npm test` by about a minute.
 */
const PARALLEL_LOADS = 2;

async function main() {
  runUnderLockOnce(fileURLToPath(import.meta.url), 'BENCH_FIRST_LOAD_LOCKED');
  ensureBuild();
  const server = await startConsole();
  const rows: Row[] = [];
  try {
    const browser = await launchChromium();
    const context = await browser.newContext();
    await signInContext(context, server.base);
    // Public pages (sign-in, recovery, error) are measured as an anonymous visitor sees them: signed in, /login
    // would only redirect to the console.
    const anonymous = await browser.newContext();
    const measured = await mapConcurrently(pageRoutes(), PARALLEL_LOADS, async (route): Promise<Row> => {
      const target = await samplePath(context, server.base, route);
      const result = await measureFirstLoad(
        route.access === 'public' ? anonymous : context,
        `${server.base}${target}`,
      );
      return {
        route: route.access === 'public' ? `${route.pattern} (signed out)` : route.pattern,
        budget: BUDGETS[route.pattern],
        expectedStatus: route.pattern === '/unauthorized' ? 403 : 200,
        ...result,
      };
    });
    rows.push(...measured);
    const missing = await measureFirstLoad(context, `${server.base}${NOT_FOUND_PATH}`);
    rows.push({ route: NOT_FOUND_ROW, budget: BUDGETS[NOT_FOUND_ROW], expectedStatus: 404, ...missing });
    await browser.close();
  } finally {
    server.stop();
  }
  console.info(
    '\nFirst-load JavaScript per route (gzip -9 of every script a cold load fetches; budgets: scripts/first-load-budgets.json)\n',
  );
  console.info('| Route | Status | Scripts | Raw kB | Gzipped kB | Budget kB | Within budget |');
  console.info('|---|---|---|---|---|---|---|');
  const failures: string[] = [];
  for (const r of rows) {
    const ok = r.budget !== undefined && r.gzipKb <= r.budget && r.status === r.expectedStatus;
    const overage = overageOf(r.route);
    if (r.budget === undefined)
      failures.push(`${r.route} has no budget line in scripts/first-load-budgets.json`);
    else if (r.gzipKb > r.budget && !overage)
      failures.push(`${r.route} loads ${r.gzipKb.toFixed(1)} kB, over its ${r.budget} kB budget`);
    else if (overage && r.gzipKb > overage.ceilingKb) {
      failures.push(
        `${r.route} loads ${r.gzipKb.toFixed(1)} kB, over its budget and above its known ceiling of ${overage.ceilingKb} kB (issue ${overage.issue})`,
      );
    } else if (overage && r.budget !== undefined && r.gzipKb <= r.budget) {
      failures.push(
        `${r.route} is within its budget now: delete its line in scripts/first-load-overages.json`,
      );
    }
    if (r.status !== r.expectedStatus)
      failures.push(`${r.route} answered ${r.status}, expected ${r.expectedStatus}`);
    const verdict = ok
      ? 'yes'
      : overage && r.status === r.expectedStatus && r.gzipKb <= overage.ceilingKb
        ? `NO (known, issue ${overage.issue})`
        : 'NO';
    console.info(
      `| ${r.route} | ${r.status} | ${r.scripts} | ${r.rawKb.toFixed(1)} | ${r.gzipKb.toFixed(1)} | ${r.budget ?? '–'} | ${verdict} |`,
    );
  }
  if (failures.length > 0) {
    console.error(`\n${failures.join('\n')}\n(npm run bench:why -- <route> lists what a route loads.)`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
