import { expect, test, type Page } from '@playwright/test';
import { backendAllowances } from '@/lib/auth/backend-access';
import { computeGrants, normalizeRoles, ROLES, type Role } from '@/lib/auth/permissions';
import { ROUTES } from '@/lib/routes';
import { sidebarEntriesFor } from '@/lib/shell/sidebar-entries';

/** Demo accounts of the embedded backend: username = role, password 'demo', display name = capitalised role. */
const displayName = (role: Role) => role.charAt(0).toUpperCase() + role.slice(1);

/** The roles whoami lists for a demo person (inherited duplicates included, as the real backend does). */
const INHERITED: Record<Role, string[]> = {
  admin: ['admin'],
  editor: ['editor', 'viewer'],
  commander: ['commander', 'viewer'],
  responder: ['responder', 'viewer'],
  viewer: ['viewer'],
  guest: ['guest'],
};

async function signIn(page: Page, role: Role, returnTo?: string) {
  await page.goto(returnTo ? `/login?return_to=${encodeURIComponent(returnTo)}` : '/login');
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
  await page.getByLabel('Username or email').fill(role);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page, role: Role) {
  await page.getByRole('button', { name: `User menu for ${displayName(role)}` }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
}

test.describe('basic sign-in with the demo accounts', () => {
  for (const role of ROLES) {
    test(`${role}: signs in, sees the role's sidebar, is refused a forbidden route, signs out`, async ({
      page,
    }) => {
      await signIn(page, role);
      await expect(page).toHaveURL(/\/topology$/);
      const nav = page.locator('nav[aria-label="Main"]');
      await expect(nav).toBeVisible();

      const roles = normalizeRoles(INHERITED[role]);
      const session = {
        mode: 'basic' as const,
        user: { id: role, name: role },
        roles,
        // What the embedded backend's default policies allow the role (issue 37: no entry leads to a refusal).
        grants: { ...computeGrants(roles), backend: backendAllowances(roles, []) },
        features: {},
        refreshedAt: 0,
      };
      const expected = sidebarEntriesFor(session, 'basic');
      for (const entry of expected.main)
        await expect(nav.getByRole('link', { name: entry.label })).toBeVisible();
      const shown = new Set(expected.main.map((e) => e.label));
      for (const label of ['Incidents', 'Logs'].filter((l) => !shown.has(l)))
        await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
      // The Settings section is the viewers' and guests' to miss (spec 000 §2); until a settings screen is built
      // the registry keeps its entries planned and the sidebar shows none of them.
      const fullSidebar = sidebarEntriesFor(
        session,
        'basic',
        ROUTES.filter((r) => r.sidebar),
      );
      expect(fullSidebar.settings.length > 0).toBe(role !== 'viewer' && role !== 'guest');
      const settingsButton = nav.getByRole('button', { name: 'Settings' });
      if (role === 'viewer' || role === 'guest' || expected.settings.length === 0)
        await expect(settingsButton).toHaveCount(0);
      else await expect(settingsButton).toBeVisible();

      // connections are admin-only (spec 000 §6)
      const response = await page.goto('/settings/connections');
      if (role === 'admin') {
        expect(response?.status()).not.toBe(403);
        await expect(page.getByRole('heading', { name: 'Unauthorized' })).toHaveCount(0);
      } else {
        expect(response?.status()).toBe(403);
        await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
        await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
      }

      await page.goto('/topology?view=cards');
      await signOut(page, role);
      // Sign-out passes the page the user was on.
      expect(new URL(page.url()).searchParams.get('return_to')).toBe('/topology?view=cards');
      await page.goto('/topology');
      await expect(page).toHaveURL(/\/login\?return_to=%2Ftopology$/);
    });
  }

  test('a wrong password shows an error and stays on the sign-in page', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the anonymous are sent to sign-in with return_to and come back after it', async ({ page }) => {
    await page.goto('/health?status=unhealthy');
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth%3Fstatus%3Dunhealthy$/);
    await page.getByLabel('Username or email').fill('viewer');
    await page.getByLabel('Password').fill('demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/health\?status=unhealthy$/);
  });
});

test.describe('kiosk auto-sign-in', () => {
  test('signs in from the query; the credentials leave the address, the history and the page at once', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.resourceType()} ${r.method()} ${r.url()}`));
    await page.goto('/login?username=viewer&password=demo&return_to=%2Fhealth');
    await expect(page).toHaveURL(/\/health$/);
    await expect(page.locator('nav[aria-label="Main"]')).toBeVisible();
    // Only the very first document request carried them (middleware answered it with a redirect).
    const carrying = requests.filter((u) => u.includes('password='));
    expect(carrying, carrying.join('\n')).toEqual([
      expect.stringMatching(/^document GET .*\/login\?username=viewer&password=demo/),
    ]);
    expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(3);
    await page.goBack();
    expect(page.url()).not.toContain('password');
    expect(await page.content()).not.toContain('password=demo');
  });

  test('wrong kiosk credentials show the error without echoing them', async ({ page }) => {
    await page.goto('/login?username=viewer&password=not-the-password');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.content()).not.toContain('not-the-password');
  });
});

test.describe('kiosk links from another site (login CSRF, issue 31 item 9)', () => {
  test('a link on another site does not sign in, not even after a reload, until the person confirms', async ({
    page,
    baseURL,
  }) => {
    // Its own account: after 'wrong kiosk credentials' (viewer) in the same run this flow offered no confirmation
    // (the account's failure count; to investigate, see the closing note of 2026-12-06), which this test is not about.
    const kiosk = new URL('/login?username=guest&password=demo&return_to=%2Fhealth', baseURL).toString();
    await page.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><a id="go" href="${kiosk}">open the console</a>`,
      }),
    );
    await page.goto('http://evil.test/');
    await page.click('#go');
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth$/);
    // The landing page offers the confirmation at once (its cookie is Lax: it cannot sign in by itself).
    const confirm = page.getByRole('button', { name: 'Sign in with the link' });
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    expect(page.url()).not.toContain('password');
    // A reload only offers the confirmation again; it does not sign in.
    await page.reload();
    await expect(confirm).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth$/);
    expect((await page.context().cookies()).some((c) => c.name.startsWith('authjs.session-token'))).toBe(
      false,
    );
    expect(await page.content()).not.toContain('password=demo');
    await confirm.click();
    await expect(page).toHaveURL(/\/health$/);
    await expect(page.locator('nav[aria-label="Main"]')).toBeVisible();
  });
});

test.describe('a device that signed in before (issue 31 item 10)', () => {
  test('passes its account’s lock, which others’ wrong passwords set; another browser waits', async ({
    browser,
  }) => {
    const owner = await browser.newContext();
    const stranger = await browser.newContext();
    try {
      const page = await owner.newPage();
      await signIn(page, 'commander');
      await expect(page).toHaveURL(/\/topology$/);
      const device = (await owner.cookies()).find((c) => c.name === 'console.device');
      expect(device?.httpOnly).toBe(true);
      await signOut(page, 'commander');

      // Someone else's five wrong passwords lock the account (the lock the owner used to share).
      const other = await stranger.newPage();
      await other.goto('/login');
      for (let attempt = 1; attempt <= 6; attempt++) {
        await other.getByLabel('Username or email').fill('commander');
        await other.getByLabel('Password').fill(attempt <= 5 ? 'wrong password' : 'demo');
        await Promise.all([
          other.waitForResponse(
            (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login',
          ),
          other.getByRole('button', { name: 'Sign in' }).click(),
        ]);
        const expected =
          attempt <= 5 ? 'Invalid username or password' : /Too many attempts, try again in \d+ seconds/;
        await expect(other.getByRole('alert').filter({ hasText: expected })).toBeVisible();
        // The form empties the password once it has taken the answer: typing before that is lost to the reset.
        await expect(other.getByLabel('Password')).toHaveValue('');
      }

      // The owner's browser signs in at once (its success also ends the lock for the others).
      await signIn(page, 'commander');
      await expect(page).toHaveURL(/\/topology$/);
    } finally {
      await owner.close();
      await stranger.close();
    }
  });
});

test('a cross-origin server-action POST answers 403, not 500 (issue 31 item 15)', async ({ request }) => {
  const response = await request.post('/login', {
    headers: {
      origin: 'https://evil.example',
      'next-action': '0'.repeat(40),
      'content-type': 'text/plain;charset=UTF-8',
    },
    data: '[]',
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toEqual({ error: 'Cross-site requests are not allowed' });
});

test.describe('open redirects', () => {
  for (const target of [
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '/%2F%2Fevil.example',
    'javascript:alert(1)',
  ]) {
    test(`return_to=${target} lands on /`, async ({ page }) => {
      await page.goto(`/login?return_to=${encodeURIComponent(target)}`);
      await page.getByLabel('Username or email').fill('admin');
      await page.getByLabel('Password').fill('demo');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/topology$/);
    });
  }

  test('an already signed-in user visiting /login with an external return_to stays on this origin', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await expect(page).toHaveURL(/\/topology$/);
    await page.goto(`/login?return_to=${encodeURIComponent('//evil.example/')}`);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/topology$/);
  });
});

test.describe('auth pages', () => {
  test('the auth error page: BAD_SESSION text, other codes Unknown error, Go back; the message clears after 10 s', async ({
    page,
  }) => {
    await page.goto('/error?error_code=BAD_SESSION');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(
      'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
    );
    await expect(page.getByRole('link', { name: 'Go back' })).toBeVisible();
    await page.goto('/error?error_code=SOMETHING');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('Unknown error');
    await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0, { timeout: 12_000 });
  });

  test('recovery in basic mode has Go back to sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Reset password' }).click();
    await expect(page.getByRole('heading', { name: 'Recover account' })).toBeVisible();
    await page.getByRole('link', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign-out needs a same-origin action: a link from elsewhere only offers the button', async ({
    page,
  }) => {
    await signIn(page, 'viewer');
    await expect(page).toHaveURL(/\/topology$/);
    // A typed or cross-site address (Sec-Fetch-Site not same-origin) does not sign out by itself.
    await page.goto('/logout?return_to=%2Fhealth');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.goto('/topology');
    await expect(page).toHaveURL(/\/topology$/);
    await page.goto('/logout?return_to=%2Fhealth');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login\?return_to=%2Fhealth$/);
  });
});
