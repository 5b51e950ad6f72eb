import { expect, signIn, test } from './fixtures';

/**
 * Basic mode never fetches Clerk's client code: its widgets sit behind next/dynamic (components/auth/clerk-lazy.tsx).
 * 'clerk-js' is the marker: it occurs in the build only in the chunk with Clerk's client (its script loader).
 */
test('/login and /health never fetch a script containing Clerk client code', async ({ page }) => {
  const scripts: string[] = [];
  const withClerk: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(response.url());
    pending.push(
      response
        .text()
        .then((body) => {
          if (body.includes('clerk-js')) withClerk.push(response.url());
        })
        .catch(() => undefined),
    );
  });
  await signIn(page, 'viewer', '/health');
  await expect(page).toHaveURL(/\/health/);
  await page.waitForLoadState('load');
  // Chunks loaded on first render (next/dynamic) arrive after hydration; the health view keeps polling, so no networkidle.
  await page.waitForTimeout(2_000);
  await Promise.all(pending);
  expect(scripts.length).toBeGreaterThan(0);
  expect(withClerk).toEqual([]);
});
