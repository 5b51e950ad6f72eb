import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * Figures of the topology pages (ARCHITECTURE §6): first-load JavaScript, gzipped, of a cold load in Chromium, and
 * the server's response time for the HTML. Printed as a table; only the 150 kB size budget is asserted.
 */
const BUDGET_KB = 150;
const SAMPLES = 7;

async function coldContext(browser: Browser, signedIn: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ storageState: await signedIn.storageState() });
}

async function firstLoadJs(context: BrowserContext, url: string) {
  const page = await context.newPage();
  const bodies: Promise<Buffer | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => null));
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('article[data-testid="topology-card"]').first().waitFor();
  // Lazy chunks of the client components load right after hydration.
  await page.waitForTimeout(2_000);
  const ttfb = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    return nav ? nav.responseStart - nav.requestStart : NaN;
  });
  const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null);
  await page.close();
  return {
    scripts: buffers.length,
    rawKb: buffers.reduce((s, b) => s + b.length, 0) / 1024,
    gzipKb: buffers.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0) / 1024,
    ttfbMs: ttfb,
  };
}

async function serverTimes(context: BrowserContext, url: string): Promise<{ median: number; p90: number }> {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await context.request.get(url);
    await response.body();
    times.push(performance.now() - started);
  }
  const sorted = times.slice(1).sort((a, b) => a - b); // the first request warms the route up
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { median: at(0.5), p90: at(0.9) };
}

test('first-load JS and server response time of /topology and /topology/{id}', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', '/topology');
  const id = await page.locator('article[data-testid="topology-card"]').first().getAttribute('data-component-id');
  expect(id).toBeTruthy();
  const rows: string[] = [];
  for (const [route, path] of [
    ['/topology', '/topology'],
    ['/topology/[id]', `/topology/${id}`],
    ['/view/topology/[id]', `/view/topology/${id}`],
  ] as const) {
    const cold = await coldContext(browser, context);
    const js = await firstLoadJs(cold, path);
    const server = await serverTimes(cold, path);
    await cold.close();
    rows.push(
      `| ${route} | ${js.scripts} | ${js.rawKb.toFixed(1)} | ${js.gzipKb.toFixed(1)} | ${js.ttfbMs.toFixed(0)} | ${server.median.toFixed(0)} | ${server.p90.toFixed(0)} |`,
    );
    expect(js.gzipKb, `${route} first-load JS (gzip kB)`).toBeLessThanOrEqual(BUDGET_KB);
  }
  const table = [
    '| Route | Scripts | Raw kB | Gzipped kB | Cold TTFB ms | Server median ms | Server p90 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  console.info(`\nTopology figures (${SAMPLES - 1} warm samples of the HTML per route)\n${table}\n`);
  test.info().annotations.push({ type: 'figures', description: table });
});
