import type { BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 13 in Clerk mode (Clerk's servers unreachable, the browser signed out): the /api route authenticates the
 * request itself now that no middleware runs for /api. Clerk's signed-in redirects (return_to) need Clerk's servers;
 * tests/unit/auth/redirecting-routes.test.ts covers them.
 */
async function offlineClerk(context: BrowserContext) {
  await context.addCookies([
    { name: '__client_uat', value: '0', domain: 'localhost', path: '/' },
    { name: '__clerk_db_jwt', value: 'dvb_test', domain: 'localhost', path: '/' },
  ]);
  await context.route(/^https:\/\/([^/]+\.)?(clerk\.accounts\.dev|clerk\.com)\//, (route) => route.abort());
}

test.beforeEach(async ({ context }) => {
  await offlineClerk(context);
});

test('/api answers the signed-out 401 JSON with the API headers, and refuses cross-site writes', async ({
  page,
}) => {
  const response = await page.request.get('/api/db/checks?select=id');
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: 'Not signed in' });
  expect(response.headers()['cache-control']).toBe('no-store');
  const crossSite = await page.request.post('/api/db/comments', {
    data: {},
    headers: { origin: 'https://evil.example' },
  });
  expect(crossSite.status()).toBe(403);
});
