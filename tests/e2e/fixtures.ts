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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Every test fails on a Content-Security-Policy violation the browser reports (issue 6), or on an uncaught page
 * error other than those a spec expects of its environment (`allowedPageErrors`).
 */
export const test = base.extend<{ securityGuard: void; allowedPageErrors: RegExp[] }>({
  allowedPageErrors: [[], { option: true }],
  securityGuard: [
    async ({ page, allowedPageErrors }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(text)) violations.push(text);
      });
      page.on('pageerror', (error) => {
        if (!allowedPageErrors.some((allowed) => allowed.test(error.message))) violations.push(`page error: ${error.message}`);
      });
      await use();
      expect(violations, 'CSP violations or uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
