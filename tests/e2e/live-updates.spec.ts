import { expect, test } from './fixtures';
import { startRestartRun, unique } from './helpers';

/**
 * Live console (issue 32): a comment written through the API by one browser context appears on the incident page
 * open in another within 2 s without a reload; with the header's switch off it does not, and the switch is
 * remembered in the browser; a playbook run started through the API appears on the runs list (which does not poll
 * while live: paused, the same test fails). The stream's logic is unit-tested (tests/unit/live) and its contract
 * (tests/backend/events-*.test.ts).
 */

test.describe('commander', () => {
  test.use({ role: 'commander' });

  test('an incident comment written elsewhere appears live, and not with live updates switched off', async ({
    page,
    browser,
    storageState,
  }) => {
    const writer = await browser.newContext({
      storageState: storageState as string,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const incidents = await writer.request.get('/api/db/incidents?select=id&status=eq.open&limit=1');
      expect(incidents.status()).toBe(200);
      const [incident] = (await incidents.json()) as { id: string }[];
      expect(incident).toBeDefined();
      const whoami = (await (await writer.request.get('/api/auth/whoami')).json()) as {
        payload: { user: { id: string } };
      };
      const comment = (text: string) =>
        writer.request.post('/api/db/comments', {
          data: { incident_id: incident!.id, created_by: whoami.payload.user.id, comment: text },
          headers: { 'content-type': 'application/json' },
        });

      await page.goto(`/incidents/${incident!.id}`);
      const comments = page.getByRole('list', { name: 'Comments', exact: true });
      await expect(comments).toBeVisible();
      const live = page.getByRole('switch', { name: 'Live updates' });
      await expect(live).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });

      const first = unique('live comment');
      expect((await comment(first)).status()).toBe(201);
      await expect(comments.getByText(first)).toBeVisible({ timeout: 2000 });

      await live.click();
      await expect(live).toHaveAccessibleName('Live updates: Paused');
      await expect(live).toHaveAttribute('aria-checked', 'false');
      const second = unique('unseen comment');
      expect((await comment(second)).status()).toBe(201);
      await page.waitForTimeout(2000);
      await expect(comments.getByText(second)).toHaveCount(0);

      // The switch is remembered in this browser.
      expect(await page.evaluate(() => window.localStorage.getItem('live-updates'))).toBe('off');
    } finally {
      await writer.close();
    }
  });
});

test.describe('admin', () => {
  test.use({ role: 'admin' });

  test('a playbook run started elsewhere appears on the runs list live, which does not poll meanwhile', async ({
    page,
  }) => {
    await page.goto('/playbooks/runs');
    await expect(page.getByRole('table')).toBeVisible();
    const live = page.getByRole('switch', { name: /^Live updates/ });
    await expect(live).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });

    const runId = await startRestartRun(page.request, unique('live run'));
    // While live the list has no refresh timer: the row comes with the stream's playbook_run event.
    await expect(page.locator(`tr[data-row-id="${runId}"]`)).toBeVisible({ timeout: 2000 });
  });

  test('the health wall names what fails, marks the card that changed, and shows its controls only on a move', async ({
    page,
  }) => {
    const found = await page.request.get(
      '/api/db/checks?select=id,name&status=eq.healthy&deleted_at=is.null&order=name&limit=1',
    );
    const [check] = (await found.json()) as { id: string; name: string }[];
    expect(check).toBeDefined();
    const setStatus = (status: string) =>
      page.request.patch(`/api/db/checks?id=eq.${check!.id}`, { data: { status } });

    await page.goto(`/view/health?layout=card&hidePassing=false&query=${encodeURIComponent(check!.name)}`);
    const card = page.locator(`li[data-row-id="${check!.id}"]`);
    await expect(card).toBeVisible();
    await expect(page.getByText(/^Live · updated \d+s ago$/)).toBeVisible({ timeout: 15_000 });
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toHaveText('All passing');

    // Nobody has moved the pointer: the controls go within seconds, and come back on a move.
    const toolbar = page.getByRole('toolbar', { name: 'List options' });
    await expect(toolbar).toBeHidden({ timeout: 8000 });
    await page.mouse.move(300, 300);
    await expect(toolbar).toBeVisible();

    try {
      expect((await setStatus('unhealthy')).ok()).toBe(true);
      // The headline speaks of what the wall shows: here the one check its search finds.
      await expect(summary.getByRole('list', { name: 'Failing' })).toHaveText(check!.name, { timeout: 2000 });
      await expect(summary).toContainText('1 failing');
      await expect
        .poll(() => card.evaluate((el) => getComputedStyle(el).animationName), { timeout: 2000 })
        .toBe('row-changed');
    } finally {
      await setStatus('healthy');
    }
  });

  test('a component wall rendered on the server follows a status change made elsewhere', async ({ page }) => {
    const found = await page.request.get(
      '/api/db/components?select=id,name&status=eq.healthy&parent_id=not.is.null&deleted_at=is.null&order=name&limit=1',
    );
    const [component] = (await found.json()) as { id: string; name: string }[];
    expect(component).toBeDefined();
    const setStatus = (status: string) =>
      page.request.patch(`/api/db/components?id=eq.${component!.id}`, { data: { status } });

    await page.goto(`/view/topology/${component!.id}`);
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toHaveText('All passing');
    await expect(page.getByText(/^Live · updated \d+s ago$/)).toBeVisible({ timeout: 15_000 });
    try {
      expect((await setStatus('unhealthy')).ok()).toBe(true);
      await expect(summary).toContainText('1 failing', { timeout: 2000 });
      await expect(summary.getByRole('list', { name: 'Failing' })).toHaveText(component!.name);
    } finally {
      await setStatus('healthy');
    }
  });
});
