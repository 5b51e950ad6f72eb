import type { Browser } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { holdRequests, openIncidentCommenter, SCRIPTS, startRestartRun, unique } from './helpers';

/**
 * Live console (issue 32): a comment written through the API by one browser context appears on the incident page
 * open in another within 2 s without a reload; with the header's switch off it does not, and the switch is
 * remembered in the browser; a playbook run started through the API appears on the runs list (which does not poll
 * while live: paused, the same test fails); a check result and a config change written by another browser appear on
 * the check's panel and the changes feed; a viewer's stream carries no kind the viewer may not read. The stream's
 * logic is unit-tested (tests/unit/live), its contract in tests/backend/events-*.test.ts, and a backend restart and a
 * backend without /events in tests/e2e/kratos-live.spec.ts.
 */

/** Another browser that writes: signed in as the test's own role (its storage state), or as the admin on its own. */
async function writerBrowser(browser: Browser, storageState?: string) {
  // Without a state of its own a new context would start with the test's sign-in (Playwright applies `use` to it).
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: storageState ?? { cookies: [], origins: [] },
  });
  if (!storageState) await signIn(await context.newPage(), 'admin');
  return context;
}

test.describe('commander', () => {
  test.use({ role: 'commander' });

  test('an incident comment written elsewhere appears live, and not with live updates switched off', async ({
    page,
    browser,
    storageState,
  }) => {
    const writer = await writerBrowser(browser, storageState as string);
    try {
      const { incidentId, comment } = await openIncidentCommenter(writer.request);

      await page.goto(`/incidents/${incidentId}`);
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

test.describe('commander, while the page loads', () => {
  test.use({ role: 'commander' });

  test('a comment written between the server render and the stream opening is shown without a reload', async ({
    page,
    browser,
    storageState,
  }) => {
    const writer = await writerBrowser(browser, storageState as string);
    try {
      const { incidentId, comment } = await openIncidentCommenter(writer.request);
      // The page's HTML arrives, its scripts wait (a slow phone): the stream cannot be open yet.
      const release = await holdRequests(page, SCRIPTS);
      await page.goto(`/incidents/${incidentId}`, { waitUntil: 'commit' });
      const comments = page.getByRole('list', { name: 'Comments', exact: true });
      await expect(comments).toBeVisible();
      const text = unique('written while loading');
      expect((await comment(text)).status()).toBe(201);
      await expect(comments.getByText(text)).toHaveCount(0);
      release();
      // The first stream asks for what changed since the page was asked for (its Server-Timing), not from now.
      await expect(page.getByRole('switch', { name: /^Live updates/ })).toHaveAttribute(
        'data-live-status',
        'live',
        { timeout: 15_000 },
      );
      await expect(comments.getByText(text)).toBeVisible({ timeout: 3000 });
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

test.describe('admin, two browsers', () => {
  test.use({ role: 'admin' });

  test("a check result written elsewhere appears in the open check's history within 2 s", async ({
    page,
    browser,
  }) => {
    const found = await page.request.get(
      '/api/db/checks?select=id,name&deleted_at=is.null&status=eq.healthy&order=name&limit=1',
    );
    const [check] = (await found.json()) as { id: string; name: string }[];
    expect(check).toBeDefined();
    await page.goto(`/health?checkId=${check!.id}`);
    const history = page.getByRole('dialog').getByRole('table', { name: 'Check history' });
    await expect(history).toBeVisible();
    // The open panel hides the rest of the page from the accessibility tree, the header's switch with it.
    await expect(page.locator('[data-live-status]')).toHaveAttribute('data-live-status', 'live', {
      timeout: 10_000,
    });

    const writer = await writerBrowser(browser);
    try {
      const message = unique('live check result');
      const written = await writer.request.post('/api/db/check_statuses', {
        data: {
          check_id: check!.id,
          time: new Date().toISOString(),
          status: false,
          duration: 321,
          message,
        },
        headers: { 'content-type': 'application/json' },
      });
      expect(written.status(), await written.text()).toBe(201);
      await expect(history.getByText(message)).toBeVisible({ timeout: 2000 });
    } finally {
      await writer.close();
    }
  });

  test('a config change written elsewhere appears on the changes feed within 2 s', async ({
    page,
    browser,
  }) => {
    const found = await page.request.get(
      '/api/db/config_items?select=id,name&deleted_at=is.null&type=eq.Kubernetes::Deployment&order=name&limit=1',
    );
    const [item] = (await found.json()) as { id: string; name: string }[];
    expect(item).toBeDefined();
    await page.goto('/catalog/changes');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    await expect(page.getByRole('switch', { name: /^Live updates/ })).toHaveAttribute(
      'data-live-status',
      'live',
      { timeout: 10_000 },
    );

    const writer = await writerBrowser(browser);
    try {
      const summary = unique('live config change');
      const written = await writer.request.post('/api/db/config_changes', {
        data: {
          config_id: item!.id,
          change_type: 'diff',
          severity: 'info',
          source: 'e2e',
          summary,
        },
        headers: { 'content-type': 'application/json' },
      });
      expect(written.status(), await written.text()).toBe(201);
      await expect(table.getByText(summary)).toBeVisible({ timeout: 2000 });
    } finally {
      await writer.close();
    }
  });
});

test.describe('viewer', () => {
  test.use({ role: 'viewer' });

  test("a viewer's stream carries no kind the viewer may not read (on the wire)", async ({
    page,
    browser,
  }) => {
    await page.goto('/health');
    await expect(page.getByRole('switch', { name: /^Live updates/ })).toHaveAttribute(
      'data-live-status',
      'live',
      { timeout: 10_000 },
    );
    // The viewer's own stream, read in its browser as the page's EventSource reads it.
    const received = page.evaluate(async () => {
      const response = await fetch('/api/events', { headers: { accept: 'text/event-stream' } });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const until = Date.now() + 6000;
      while (Date.now() < until && !text.includes('"kind":"check"')) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<undefined>((resolve) => setTimeout(resolve, until - Date.now())),
        ]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      await reader.cancel();
      return { status: response.status, text };
    });

    const writer = await writerBrowser(browser);
    try {
      const { comment } = await openIncidentCommenter(writer.request);
      // First what a viewer may not read (an incident's comment), then what it may (a check): the check's event
      // arriving shows that the comment's would have arrived before it had it been sent.
      expect((await comment(unique('hidden'))).status()).toBe(201);
      const checks = await writer.request.get('/api/db/checks?select=id,status&deleted_at=is.null&limit=1');
      const [check] = (await checks.json()) as { id: string; status: string }[];
      const touched = await writer.request.patch(`/api/db/checks?id=eq.${check!.id}`, {
        data: { status: check!.status },
      });
      expect(touched.ok()).toBe(true);

      const { status, text } = await received;
      expect(status).toBe(200);
      expect(text).toContain('"kind":"check"');
      for (const kind of ['comment', 'incident', 'hypothesis', 'evidence', 'responder'])
        expect(text).not.toContain(`"kind":"${kind}"`);
    } finally {
      await writer.close();
    }
  });
});
