import type { Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';
import { holdRequests, SCRIPTS } from './helpers';

test.describe('page shell', () => {
  test('header: title with suffix, bell, help docs, user menu with profile, kubeconfig, version and sign out', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/topology?status=healthy');
    await expect(page).toHaveTitle(/ \| Mission Control$/);
    const header = page.locator('header');
    await expect(header.getByRole('heading', { level: 1, name: 'Topology' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );

    await header.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('menuitem', { name: 'Docs' })).toHaveAttribute(
      'href',
      /^https:\/\/docs\.flanksource\.com/,
    );
    await page.keyboard.press('Escape');

    await header.getByRole('button', { name: /^User menu for / }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText(/^Hi /)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute(
      'href',
      '/profile-settings',
    );
    await expect(menu.getByText(/^frontend 1\.0\.873, backend (?!…)\S+/)).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveAttribute(
      'href',
      `/logout?return_to=${encodeURIComponent('/topology?status=healthy')}`,
    );
    await menu.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await expect(dialog.getByRole('link', { name: /Download kubeconfig/ })).toHaveAttribute(
      'href',
      '/api/kubeconfig',
    );
    await expect(dialog.getByText(/kubectl --kubeconfig \S+ get canaries/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Learn more/ })).toHaveAttribute('href', /^https:\/\//);
  });

  test('the kubeconfig downloads as a file through the proxy for editors, and is refused to viewers', async ({
    browser,
  }) => {
    const viewer = await browser.newPage();
    await signIn(viewer, 'viewer');
    expect((await viewer.request.get('/api/kubeconfig')).status()).toBe(403);
    const page = await browser.newPage();
    await signIn(page, 'editor');
    const response = await page.request.get('/api/kubeconfig');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/attachment/);
    expect(await response.text()).toContain('apiVersion: v1');
  });

  test('sidebar collapse and preferences survive a reload and are right on the first server paint', async ({
    page,
  }) => {
    await signIn(page, 'editor', '/topology');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toHaveAttribute('data-collapsed', 'false');
    await nav.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(nav).toHaveAttribute('data-collapsed', 'true');

    await page.getByRole('button', { name: 'Preferences' }).click();
    await page.getByLabel('Theme').selectOption('dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByLabel('Date time format').selectOption('short');

    // The server's HTML, before any script runs, already carries both preferences.
    const html = await (await page.request.get('/topology')).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    expect(html).toContain('data-collapsed="true"');
    await page.reload();
    await expect(nav).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Preferences' }).click();
    await expect(page.getByLabel('Date time format')).toHaveValue('short');
  });

  test('a forbidden route shows Unauthorized inside the shell with status 403', async ({ page }) => {
    await signIn(page, 'editor');
    const response = await page.goto('/settings/connections');
    expect(response?.status()).toBe(403);
    // In the server HTML, not drawn by the browser's JavaScript later (forbidden() sent an empty error document).
    const html = await response!.text();
    expect(html).toMatch(/<h2[^>]*>Unauthorized<\/h2>/);
    expect(html).not.toContain('__next_error__');
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the anonymous are sent to sign-in with return_to, and the login page is accessible', async ({
    page,
  }) => {
    await page.goto('/catalog/changes?x=1');
    await expect(page).toHaveURL(/\/login\?return_to=%2Fcatalog%2Fchanges%3Fx%3D1$/);
    await expect(page.getByRole('heading', { name: 'Sign In to your account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/recovery');
    await expect(page.getByText('Demo accounts')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a wrong password keeps the username and says so', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or email').fill('admin');
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Invalid username or password')).toHaveAttribute('role', 'alert');
    await expect(page.getByLabel('Username or email')).toHaveValue('admin');
    await expect(page).toHaveURL(/\/login/);
  });

  test('every page and /api response carries the security headers', async ({ page, request }) => {
    const anonymous = await page.request.get('/login');
    for (const response of [anonymous]) {
      const h = response.headers();
      expect(h['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(h['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(h['strict-transport-security']).toContain('max-age=');
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(h['permissions-policy']).toContain('camera=()');
    }
    await signIn(page, 'viewer');
    for (const path of ['/topology', '/api/canary/about', '/api/db/nonexistent_table']) {
      const h = (await page.request.get(path)).headers();
      expect(h['content-security-policy'], path).toContain("object-src 'none'");
      expect(h['x-content-type-options'], path).toBe('nosniff');
    }
    // The request fixture has no cookies: an anonymous API call.
    const unauthenticated = await request.get('/api/canary/about');
    expect(unauthenticated.status()).toBe(401);
    expect(await unauthenticated.json()).toEqual({ error: 'Not signed in' });
  });

  test('unknown pages render the not-found page', async ({ page }) => {
    await signIn(page, 'viewer');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    // Inside the shell: the sidebar and the header stay.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
});

test.describe('a bad network (issue 34)', () => {
  test.use({ role: 'admin' });

  // What asks the backend again. The catalog has no Refresh, and its search navigates (offline: the error panel's
  // offline message, unit-tested); not yet covered here.
  const asks: Record<string, (page: Page) => Promise<void>> = {
    '/health': (page) => page.getByRole('button', { name: 'Refresh', exact: true }).first().click(),
    '/incidents': (page) => page.getByRole('button', { name: 'Refresh', exact: true }).first().click(),
  };
  for (const [path, ask] of Object.entries(asks)) {
    test(`offline, asking again on ${path} says so within 3 s; a banner shows while offline and goes when back`, async ({
      page,
      context,
    }) => {
      await page.goto(path);
      // The fetch layer and the toast library come once the page is idle after its load.
      await page.evaluate(
        () =>
          new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 6000 })),
      );
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      await context.setOffline(true);
      const offline = page.getByText(
        'You are offline. The console will refresh when the connection is back.',
      );
      await expect(offline).toBeVisible();
      await ask(page);
      await expect(page.getByText('No internet connection. Please try again.').first()).toBeVisible({
        timeout: 3_000,
      });
      await context.setOffline(false);
      await expect(offline).toHaveCount(0);
    });
  }
});

test.describe('a slow device (issue 34)', () => {
  test.use({ role: 'admin' });

  const early = [
    { path: '/settings/connections', button: 'Add Connection', dialog: 'Select Connection Type' },
    { path: '/settings/permissions', button: 'Add Permission', dialog: 'Add Permission' },
    { path: '/settings/agents', button: 'Add Agent', dialog: 'Add Agent' },
  ];
  for (const { path, button, dialog } of early) {
    // The click lands before hydration and is held by the early-click catcher (lib/shell/early-clicks.ts, unit-tested in
    // tests/unit/shell/early-clicks.test.tsx), then replayed; the page-error guard fails a hydration mismatch, which
    // re-rendered the agents page (its status computed with each side's clock) and kept the click from its dialog.
    test(`under 6× CPU throttling, ${button} clicked 500 ms after first paint opens its dialog`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      try {
        await page.goto(path, { waitUntil: 'commit' });
        const add = page.getByRole('button', { name: button });
        await add.waitFor();
        await page.waitForTimeout(500);
        await add.click();
        await expect(page.getByRole('dialog').getByText(dialog, { exact: true }).first()).toBeVisible({
          timeout: 90_000,
        });
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
    });
  }

  test('text typed into a search box before hydration is kept and searched', async ({ page }) => {
    test.setTimeout(120_000);
    // The page's scripts (not its styles, which hold the first paint) wait until the text is typed: it is typed before
    // hydration whatever the machine's load.
    const release = await holdRequests(page, SCRIPTS);
    await page.goto('/incidents', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search incidents' });
    await box.pressSequentially('pay', { delay: 50 });
    expect(
      await page.evaluate(() => typeof (window as { __consoleHydrated?: unknown }).__consoleHydrated),
    ).toBe('function');
    release();
    await expect(page).toHaveURL(/[?&]query=pay\b/, { timeout: 60_000 });
    await expect(box).toHaveValue('pay');
  });

  test('while a filter change loads, the select keeps the choice and the old rows take no click', async ({
    page,
  }) => {
    await page.goto('/playbooks/runs');
    const list = page.getByRole('table', { name: 'Playbook runs' });
    await expect(list.locator('tbody tr').first()).toBeVisible();
    // The next list answer waits until the test has looked.
    const answer = await holdRequests(page, '**/api/db/playbook_runs?**', (url) =>
      url.searchParams.has('status'),
    );
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption('failed');
    await expect(page.locator('[aria-busy="true"]').filter({ has: list })).toBeVisible();
    await expect(status).toHaveValue('failed');
    expect(await list.evaluate((table) => table.closest('[inert]') !== null)).toBe(true);
    answer();
    await expect(page.locator('[aria-busy="true"]').filter({ has: list })).toHaveCount(0);
    await expect(status).toHaveValue('failed');
    await expect(page).toHaveURL(/[?&]status=failed\b/);
  });

  test('a filter chosen before hydration is applied', async ({ page }) => {
    test.setTimeout(120_000);
    const release = await holdRequests(page, SCRIPTS);
    await page.goto('/incidents', { waitUntil: 'commit' });
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption('Closed');
    release();
    await expect(page).toHaveURL(/[?&]status=closed\b/i, { timeout: 60_000 });
    await expect(status).toHaveValue(/closed/i);
  });
});
