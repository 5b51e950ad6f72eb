import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { axeViolations, expect, signIn, test } from './fixtures';

test.describe('/view/health', () => {
  test('signed in as viewer: no sidebar, auto-refresh on by default, large type, no axe violations', async ({
    page,
  }) => {
    await signIn(page, 'viewer', '/view/health');
    await expect(page.getByRole('heading', { level: 1, name: 'Health' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expect(page.getByLabel('Auto refresh')).toHaveValue('60s');
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Large type' }).click();
    await expect(page).toHaveURL(/large=true/);
    await expect(page.getByRole('button', { name: 'Large type' })).toHaveAttribute('aria-pressed', 'true');
    const before = await page.request.get('/api/canary/api/summary');
    expect(before.status()).toBe(200);
  });

  test('standalone mode (AUTH_PROVIDER=none) serves /view/health and /health without sign-in', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const port = Number(process.env.E2E_STANDALONE_PORT ?? 3319);
    rmSync('.data/e2e-standalone', { recursive: true, force: true });
    let server: ChildProcess | undefined = spawn(
      'npx',
      ['next', 'start', '-H', '127.0.0.1', '-p', String(port)],
      {
        env: {
          ...process.env,
          AUTH_PROVIDER: 'none',
          PGLITE_DIR: '.data/e2e-standalone/pglite',
          DEMO_TICKER: 'false',
          NEXT_TELEMETRY_DISABLED: '1',
        },
        stdio: 'ignore',
        detached: true,
      },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await page.request.get(`${base}/api/health`).catch(() => null))?.status() ?? 0, {
          timeout: 180_000,
          intervals: [1000],
        })
        .toBe(200);
      await page.goto(`${base}/view/health`);
      await expect(page).toHaveURL(`${base}/view/health`);
      await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByLabel('Auto refresh')).toHaveValue('60s');
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${base}/health`);
      await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
      // The tab title leads with the failing checks' count (issue 32), e.g. '(41 failing) Health'.
      await expect(page).toHaveTitle(/^(\(\d+ failing\) )?Health$/);
      // The check panel's own /db reads pass the standalone gate (issue 31 item 6); anything wider is 403.
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.url().includes('/api/db/') && r.status() === 403) refused.push(r.url());
      });
      // A check's name is a real link, so the click counts even before the list has hydrated.
      await page.goto(`${base}/health?groupBy=no-group`);
      await page
        .getByRole('table', { name: 'Health checks' })
        .getByRole('row')
        .nth(1)
        .getByRole('link')
        .first()
        .click();
      await expect(page).toHaveURL(/checkId=/);
      await expect(page.getByRole('dialog').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(refused).toEqual([]);
      expect((await page.request.get(`${base}/api/db/checks?select=*`)).status()).toBe(403);
      expect((await page.request.get(`${base}/api/db/canaries?select=spec`)).status()).toBe(403);
    } finally {
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
      server = undefined;
    }
  });
});
