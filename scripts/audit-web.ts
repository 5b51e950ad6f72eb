/**
 * npm run audit:web (issue 34): every page route of the registry (the set npm run bench loads, scripts/lib/route-samples.ts),
 * on the demo data, signed in as admin (public pages signed out), in Lighthouse's mobile profile (simulated slow 4G,
 * 4× CPU slowdown) and its desktop preset, and axe-core WCAG 2.2 A/AA. Bars: performance ≥ 90 mobile and ≥ 95
 * desktop, accessibility 100, no axe violation. Prints a markdown table with the reason of every miss (the metrics'
 * values, the failed accessibility audits, axe's rule ids); exits non-zero when a route is under a bar.
 * `AUDIT_ROUTES=/health,/login` audits only those patterns; `AUDIT_REPORTS=dir` keeps each Lighthouse report there
 * (JSON: the elements that shifted, the scripts' main-thread time). Runs outside `npm test`: ~1 minute per route.
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
  type LighthouseScore,
} from './lib/console-server';
import { pageRoutes, samplePath } from './lib/route-samples';

const BARS = { mobile: 90, desktop: 95, accessibility: 100 };

interface Audited {
  route: string;
  url: string;
  signedIn: boolean;
  axe: string[];
  mobile?: LighthouseScore;
  desktop?: LighthouseScore;
}

async function main() {
  runUnderLockOnce(fileURLToPath(import.meta.url), 'AUDIT_WEB_LOCKED');
  ensureBuild();
  const only = process.env.AUDIT_ROUTES?.split(',').map((r) => r.trim());
  const routes = pageRoutes().filter((r) => !only || only.includes(r.pattern));
  const server = await startConsole();
  const audited: Audited[] = [];
  try {
    const browser = await launchChromium();
    const anonymous = await browser.newContext();
    const context = await browser.newContext();
    const cookie = await signInContext(context, server.base);
    for (const route of routes) {
      const signedIn = route.access !== 'public';
      const path = await samplePath(context, server.base, route);
      const page = await (signedIn ? context : anonymous).newPage();
      await page.goto(`${server.base}${path}`, { waitUntil: 'networkidle' });
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .analyze();
      await page.close();
      audited.push({
        route: signedIn ? route.pattern : `${route.pattern} (signed out)`,
        url: `${server.base}${path}`,
        signedIn,
        // With the elements: a rule's id alone does not say what to fix.
        axe: result.violations.map(
          (v) => `axe: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
        ),
      });
    }
    await browser.close();
    // Lighthouse runs one page at a time in its own Chromium, after the browser above is closed: its timings are
    // the machine's only load.
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const signedIn of [true, false]) {
        const urls = audited.filter((a) => a.signedIn === signedIn).map((a) => a.url);
        const scores = await lighthouseScores(urls, {
          cookie: signedIn ? cookie : undefined,
          preset,
          reportDir: process.env.AUDIT_REPORTS,
        });
        if (!scores) throw new Error('lighthouse is not installed');
        for (const a of audited) if (a.signedIn === signedIn) a[preset] = scores.get(a.url);
      }
    }
  } finally {
    server.stop();
  }

  console.info(
    `\nWeb audit: Lighthouse mobile (slow 4G, 4× CPU) ≥ ${BARS.mobile} and desktop ≥ ${BARS.desktop}, accessibility ${BARS.accessibility}; axe WCAG 2.2 A/AA\n`,
  );
  console.info('| Route | Mobile | Desktop | Accessibility | axe | Within the bars | Why not |');
  console.info('|---|---:|---:|---:|---:|---|---|');
  let misses = 0;
  for (const a of audited) {
    const { mobile, desktop } = a;
    const accessibility = Math.min(mobile?.accessibility ?? 0, desktop?.accessibility ?? 0);
    const ok =
      (mobile?.performance ?? 0) >= BARS.mobile &&
      (desktop?.performance ?? 0) >= BARS.desktop &&
      accessibility >= BARS.accessibility &&
      a.axe.length === 0;
    if (!ok) misses++;
    const why = ok
      ? ''
      : [
          ...((mobile?.performance ?? 0) < BARS.mobile
            ? (mobile?.misses ?? []).filter((m) => !m.startsWith('a11y')).map((m) => `mobile ${m}`)
            : []),
          ...((desktop?.performance ?? 0) < BARS.desktop
            ? (desktop?.misses ?? []).filter((m) => !m.startsWith('a11y')).map((m) => `desktop ${m}`)
            : []),
          ...(accessibility < BARS.accessibility
            ? (mobile?.misses ?? []).filter((m) => m.startsWith('a11y'))
            : []),
          ...a.axe,
        ].join('; ');
    console.info(
      `| ${a.route} | ${mobile?.performance ?? 'n/a'} | ${desktop?.performance ?? 'n/a'} | ${accessibility} | ${a.axe.length} | ${ok ? 'yes' : 'NO'} | ${why} |`,
    );
  }
  console.info(`\n${audited.length - misses} of ${audited.length} routes within the bars.`);
  if (misses > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
