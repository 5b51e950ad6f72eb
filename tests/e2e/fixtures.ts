import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_ROLES = ['admin', 'editor', 'commander', 'responder', 'viewer', 'guest'] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

/** Signs in through the real /login form as a demo person (username = role, password demo). */
export async function signIn(page: Page, role: DemoRole, returnTo?: string): Promise<void> {
  await page.goto(returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login');
  await page.getByLabel('Username or email').fill(role);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
}

/** WCAG 2.2 A/AA violations on the current page (ARCHITECTURE §6: none allowed). */
export async function axeViolations(page: Page, exclude: string[] = []) {
  // Next streams a page's metadata after its body (the root layout's is async): after a client navigation the <title>
  // can come a moment after the heading a test waited for, and axe then reports a page without one.
  await expect(page).toHaveTitle(/\S/);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Signed-in browser states of this test run, one per server and role (each server has a fresh database). */
const signedIn = new Map<string, string>();
let stateDir: string | undefined;

/**
 * Every test fails on a Content-Security-Policy violation the browser reports (issue 6), or on an uncaught page
 * error other than those a spec expects of its environment (`allowedPageErrors`). `test.use({ role: 'viewer' })` starts a describe block's tests signed in as that demo person: the sign-in
 * through the real form runs once per role and server, and later tests reuse its cookies (storage state).
 */
export const test = base.extend<{
  securityGuard: void;
  allowedPageErrors: RegExp[];
  role: DemoRole | undefined;
}>({
  allowedPageErrors: [[], { option: true }],
  role: [undefined, { option: true }],
  storageState: async ({ role, browser, baseURL, storageState }, use) => {
    if (!role) return use(storageState);
    const key = `${baseURL}|${role}`;
    let file = signedIn.get(key);
    if (!file) {
      stateDir ??= mkdtempSync(path.join(tmpdir(), 'e2e-auth-'));
      file = path.join(stateDir, `${signedIn.size}-${role}.json`);
      const context = await browser.newContext({ baseURL });
      await signIn(await context.newPage(), role);
      await context.storageState({ path: file });
      await context.close();
      signedIn.set(key, file);
    }
    await use(file);
  },
  securityGuard: [
    async ({ page, allowedPageErrors }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(text))
          violations.push(text);
      });
      page.on('pageerror', (error) => {
        if (!allowedPageErrors.some((allowed) => allowed.test(error.message)))
          violations.push(`page error: ${error.message}`);
      });
      await use();
      expect(violations, 'CSP violations or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
