/**
 * npm run audit:web: Lighthouse performance and accessibility (budget 95 each, ARCHITECTURE §6) and axe-core
 * WCAG 2.2 A/AA violations of the main screens, on the demo data, as a signed-in admin (the login page
 * anonymously). Prints a markdown table; exits non-zero when a page is under budget or has violations.
 */
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import {
  ensureBuild,
  launchChromium,
  lighthouseScores,
  runUnderLockOnce,
  signInContext,
  startConsole,
} from './lib/console-server';

const BUDGET = 95;
const SIGNED_IN_PATHS = ['/topology', '/health', '/view/health'];

async function main() {
  runUnderLockOnce(fileURLToPath(import.meta.url), 'AUDIT_WEB_LOCKED');
  ensureBuild();
  const server = await startConsole();
  const rows: { path: string; performance: string; accessibility: string; axe: number; ok: boolean }[] = [];
  try {
    const browser = await launchChromium();
    const anonymous = await browser.newContext();
    const context = await browser.newContext();
    const cookie = await signInContext(context, server.base);
    // A component id for the component pages, read through the console's proxy.
    const components = await context.request.get(
      `${server.base}/api/db/components?select=id&parent_id=is.null&deleted_at=is.null&limit=1`,
    );
    const componentId = ((await components.json()) as { id: string }[])[0]?.id;
    const paths = [
      ...SIGNED_IN_PATHS,
      ...(componentId ? [`/topology/${componentId}`, `/view/topology/${componentId}`] : []),
    ];

    const axeCount = async (ctx: typeof context, path: string) => {
      const page = await ctx.newPage();
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      for (const v of result.violations) console.info(`axe ${path}: ${v.id} ${v.help}`);
      await page.close();
      return result.violations.length;
    };
    const axe = new Map<string, number>([['/login', await axeCount(anonymous, '/login')]]);
    for (const path of paths) axe.set(path, await axeCount(context, path));
    await browser.close();

    const anonymousScores = await lighthouseScores([`${server.base}/login`]);
    const scores = await lighthouseScores(
      paths.map((p) => `${server.base}${p}`),
      cookie,
    );
    for (const path of ['/login', ...paths]) {
      const s =
        path === '/login'
          ? anonymousScores?.get(`${server.base}/login`)
          : scores?.get(`${server.base}${path}`);
      const violations = axe.get(path) ?? 0;
      rows.push({
        path,
        performance: s ? String(s.performance) : 'n/a',
        accessibility: s ? String(s.accessibility) : 'n/a',
        axe: violations,
        ok: violations === 0 && (!s || (s.performance >= BUDGET && s.accessibility >= BUDGET)),
      });
    }
  } finally {
    server.stop();
  }
  console.info(`\nWeb audit (Lighthouse desktop preset, budget ${BUDGET}; axe WCAG 2.2 A/AA)\n`);
  console.info('| Page | Performance | Accessibility | axe violations | Within budget |');
  console.info('|---|---|---|---|---|');
  for (const r of rows)
    console.info(`| ${r.path} | ${r.performance} | ${r.accessibility} | ${r.axe} | ${r.ok ? 'yes' : 'NO'} |`);
  if (rows.some((r) => !r.ok)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
