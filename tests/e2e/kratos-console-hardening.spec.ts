import { HOSTILE_RETURN_TO } from '../unit/auth/hostile-return-to';
import { expect, test } from './fixtures';
import { expectReturnToStaysOnOrigin } from './helpers';
import { KRATOS_CONTROL } from './kratos';

/** Issue 13 in Kratos mode (next start with AUTH_PROVIDER=kratos): return_to and the Kratos password backoff. */
const CONTROL = KRATOS_CONTROL;

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${CONTROL}/reset`)).ok()).toBe(true);
});

test('return_to: no hostile value leaves the origin through the Kratos browser endpoints and the session check (§3)', async ({
  request,
  baseURL,
}) => {
  const routes = [
    '/api/session/kratos/login',
    '/api/session/kratos/registration',
    '/api/session/kratos/recovery',
    '/auth-state-checker',
    '/login',
    '/registration',
  ];
  for (const value of HOSTILE_RETURN_TO) {
    for (const route of routes) {
      await expectReturnToStaysOnOrigin(request, baseURL!, route, value);
    }
  }
});

test("the Kratos password form backs off: 'Too many attempts, try again in N seconds' (§13)", async ({
  page,
}) => {
  await page.goto('/login');
  const email = `throttle-${Date.now()}@demo.local`;
  for (let attempt = 1; attempt <= 6; attempt++) {
    await page.getByLabel('ID').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    // Each submission (a server action POST) completes before the next, so every failure is counted in order.
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    if (attempt <= 5)
      await expect(page.getByText('The provided credentials are invalid', { exact: false })).toBeVisible();
    // The answer replaces the flow, and the form shows the new one with an empty password: a submission before that
    // went to the replaced flow ('The requested resource could not be found', CI rehearsal 2026-12-06).
    await expect(page.getByLabel('Password')).toHaveValue('');
  }
  await expect(page.getByText(/Too many attempts, try again in \d+ seconds/)).toBeVisible();
});
