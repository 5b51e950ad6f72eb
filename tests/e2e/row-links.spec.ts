import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { unique } from './helpers';

/**
 * Issue 34: rows that open something are real links (a new tab on Ctrl/⌘ or middle click, an address to copy and
 * reload), a discrete filter change is a Back step, no `?_rsc=` reaches the address bar, and long text never pushes
 * the columns a list is about out of view.
 */

/** Creates an incident through the API as the signed-in person; returns its id. */
async function createIncident(page: Page, title: string): Promise<string> {
  const whoami = (await (await page.request.get('/api/auth/whoami')).json()) as {
    payload: { user: { id: string } };
  };
  const person = whoami.payload.user.id;
  const response = await page.request.post('/api/db/incidents?select=id', {
    headers: { prefer: 'return=representation' },
    data: {
      title,
      description: 'Created by the row-links e2e test',
      severity: 'high',
      type: 'availability',
      status: 'open',
      created_by: person,
      commander_id: person,
      communicator_id: person,
    },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }[])[0]!.id;
}

const table = (page: Page, name: string) => page.getByRole('table', { name });
const firstRow = (list: Locator) => list.locator('tbody tr[data-openable]').first();

test.describe('rows that are links', () => {
  test.use({ role: 'admin' });

  test('an incident row opens in a new tab on Ctrl-click, in place on a plain click', async ({
    page,
    context,
  }) => {
    await page.goto('/incidents');
    const row = firstRow(table(page, 'Incidents'));
    const link = row.locator('a[data-row-link]');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/incidents\/[0-9a-f-]{36}$/);
    const status = row.getByRole('cell').nth(3);
    const [tab] = await Promise.all([context.waitForEvent('page'), status.click({ modifiers: ['Control'] })]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/incidents');
    // A click anywhere else on the row opens it here.
    await status.click();
    await page.waitForURL(`**${href}`);
  });

  test('a playbook run row opens in a new tab on a middle click, and the list stays', async ({
    page,
    context,
  }) => {
    await page.goto('/playbooks/runs');
    const row = firstRow(table(page, 'Playbook runs'));
    const href = await row.locator('a[data-row-link]').getAttribute('href');
    expect(href).toMatch(/^\/playbooks\/runs\/[0-9a-f-]{36}$/);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('cell').nth(2).click({ button: 'middle' }),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(href);
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/playbooks/runs');
  });

  test("a dialog row's address keeps the filters and reloads with the dialog open", async ({ page }) => {
    await page.goto('/settings/agents');
    const link = firstRow(table(page, 'Agents')).locator('a[data-row-link]');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\?id=[0-9a-f-]{36}$/);
    await page.goto(`/settings/agents${href}`);
    await expect(page.getByRole('dialog')).toBeVisible();

    // A filter stays in the row's address; a plain click opens the dialog in place and Back closes it.
    await page.goto('/settings/connections?type=postgres');
    const row = firstRow(table(page, 'Connections'));
    const connection = await row.locator('a[data-row-link]').getAttribute('href');
    expect(connection).toMatch(/^\?type=postgres&id=[0-9a-f-]{36}$/);
    await row.getByRole('cell').nth(1).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(new URL(page.url()).search).toBe(connection);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto(`/settings/connections${connection}`);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("a permission's row has the edit dialog's address", async ({ page }) => {
    await page.goto('/settings/permissions');
    const href = await firstRow(table(page, 'Permissions')).locator('a[data-row-link]').getAttribute('href');
    expect(href).toMatch(/^\?permission=[0-9a-f-]{36}$/);
    await page.goto(`/settings/permissions${href}`);
    await expect(page.getByRole('dialog', { name: 'Edit Permission' })).toBeVisible();
  });

  test('j then Enter opens the selected row', async ({ page }) => {
    await page.goto('/incidents');
    const link = firstRow(table(page, 'Incidents')).locator('a[data-row-link]');
    const href = await link.getAttribute('href');
    // The shortcut listener comes after the load event, with the header's Live switch.
    await expect(page.getByRole('switch', { name: /^Live updates/ })).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('j');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
  });
});

test.describe('history', () => {
  test.use({ role: 'admin' });

  test('a select filter change is a Back step', async ({ page }) => {
    await page.goto('/incidents');
    const severity = page.getByLabel('Severity', { exact: true });
    await expect(severity).toHaveValue('');
    await severity.selectOption('critical');
    await expect(page).toHaveURL(/[?&]severity=critical/);
    await page.goBack();
    await expect(page).toHaveURL(/\/incidents$/);
    await expect(severity).toHaveValue('');
  });

  test('no ?_rsc= reaches the address bar when going Back to /topology', async ({ page }) => {
    const seen: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && seen.push(frame.url()));
    await page.goto('/incidents');
    // The home link redirects to /topology (a redirect answered to the router's request).
    await page.getByRole('link', { name: 'Mission Control home' }).click();
    await page.waitForURL(/\/topology$/);
    await page
      .locator('article[data-testid="topology-card"]')
      .first()
      .getByRole('heading')
      .getByRole('link')
      .first()
      .click();
    await page.waitForURL(/\/topology\/[0-9a-f-]{36}/);
    await page.goBack();
    await expect(page).toHaveURL(/\/topology$/);
    await page.getByRole('link', { name: 'Health' }).first().click();
    await page.waitForURL(/\/health/);
    await page.goBack();
    await expect(page).toHaveURL(/\/topology$/);
    expect(seen.filter((url) => url.includes('_rsc'))).toEqual([]);
  });
});

test.describe('long text', () => {
  test.use({ role: 'admin' });

  for (const width of [390, 1280]) {
    test(`a 300-character incident title keeps Severity, Status and Age in place at ${width} px`, async ({
      page,
    }) => {
      const title = `${unique('Long title')} ${'very long words in the title '.repeat(12)}`.slice(0, 300);
      await createIncident(page, title);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/incidents?query=${encodeURIComponent(title.slice(0, 40))}`);
      const list = table(page, 'Incidents');
      const row = list.getByRole('row').filter({ hasText: title.slice(0, 40) });
      await expect(row).toHaveCount(1);
      const box = (await list.boundingBox())!;
      const cell = (n: number) => row.getByRole('cell').nth(n);
      const titleBox = (await cell(1).boundingBox())!;
      for (const n of [2, 3, 5]) {
        const b = (await cell(n).boundingBox())!;
        // Within the table and, at desktop width, within the viewport: the title wraps instead of widening.
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 1);
        if (width >= 1280) expect(b.x + b.width).toBeLessThanOrEqual(width);
      }
      // The title wraps within a readable width: it does not take the table's width on a phone either.
      expect(titleBox.width).toBeLessThanOrEqual(width >= 1280 ? 700 : 400);
      expect(titleBox.height).toBeGreaterThan(40);
    });
  }

  test('a truncated run resource carries its whole text in its title', async ({ page }) => {
    await page.goto('/playbooks/runs');
    const cut = table(page, 'Playbook runs').locator('tbody td div.truncate[title]:not([title=""])').first();
    await expect(cut).toHaveAttribute('title', /\S/);
    expect(await cut.textContent()).toContain(await cut.getAttribute('title'));
  });
});
