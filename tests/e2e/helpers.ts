import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** A name no earlier run used (the e2e servers share one database): the prefix, the time and a random tail. */
export const unique = (prefix: string, separator = '-') =>
  `${prefix}${separator}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The first check of the health summary as the signed-in role reads it (the demo data always has checks). */
export async function firstCheck(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.status()).toBe(200);
  const checks =
    ((await response.json()) as { checks_summary?: { id: string; name: string }[] }).checks_summary ?? [];
  expect(checks.length).toBeGreaterThan(0);
  return checks[0]!;
}
