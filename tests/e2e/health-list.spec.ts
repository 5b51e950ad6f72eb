import type { Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';

interface SummaryItem {
  id: string;
  name: string;
  canary_name?: string;
  description?: string;
  status?: string;
  namespace?: string;
  type?: string;
  labels?: Record<string, string>;
}

/** The demo summary through the proxy, as the oracle for the counts the page must show. */
async function summary(page: Page): Promise<SummaryItem[]> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { checks_summary?: SummaryItem[] }).checks_summary ?? [];
}

const shown = (page: Page) => page.getByRole('status').filter({ hasText: /checks shown$/ });

test.describe('health list', () => {
  test('the first server paint already lists the checks, and the page has no axe violations', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/health');
    const checks = await summary(page);
    const failing = checks.find((c) => c.status !== 'healthy' && c.canary_name);
    expect(failing).toBeTruthy();
    const html = await (
      await page.request.get(`/health?groupBy=no-group&query=${encodeURIComponent(failing!.name)}`)
    ).text();
    expect(html).toContain('<table');
    expect(html).toContain(`>${failing!.name}</a>`);

    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    for (const column of ['Checks', 'Health', 'Uptime', 'Latency', 'Transition']) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test('search, hide passing, group, tab, sort, labels and layout all live in the URL', async ({ page }) => {
    // Below 1280 px the filter panel is a sheet behind the Filters button (from 1280 px it stays beside the list).
    await page.setViewportSize({ width: 1200, height: 800 });
    await signIn(page, 'viewer', '/health');
    const checks = await summary(page);
    const failing = checks.filter((c) => c.status !== 'healthy');
    await expect(shown(page)).toHaveText(`${failing.length} checks shown`);

    // Search (debounced): description, canary name, endpoint and name.
    const search = page.getByRole('searchbox', { name: 'Search checks' });
    await search.fill('PAYMENTS');
    await expect(page).toHaveURL(/query=PAYMENTS/);
    const matching = failing.filter((c) =>
      [c.description, c.canary_name, c.name].some((v) => v?.toLowerCase().includes('payments')),
    );
    await expect(shown(page)).toHaveText(`${matching.length} checks shown`);
    await search.fill('');
    await expect(page).not.toHaveURL(/query=/);

    // Hide Passing sits in the filter panel, behind a toggle with a badge on narrow screens.
    await page.getByRole('button', { name: 'Filters (1 active)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('switch', { name: 'Hide Passing' }).click();
    await expect(page).toHaveURL(/hidePassing=false/);
    await expect(shown(page)).toHaveText(`${checks.length} checks shown`);

    // Label include, then exclude, of a multi-valued label.
    await sheet.getByRole('button', { name: 'env' }).click();
    await page.getByRole('button', { name: 'Include env=production' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('labels'))
      .toBe(JSON.stringify({ 'env=production': 1 }));
    const production = checks.filter((c) => c.labels?.env === 'production');
    await expect(shown(page)).toHaveText(`${production.length} checks shown`);
    await page.getByRole('button', { name: 'Exclude env=production' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('labels'))
      .toBe(JSON.stringify({ 'env=production': -1 }));
    await expect(shown(page)).toHaveText(`${checks.length - production.length} checks shown`);
    await page.keyboard.press('Escape');
    // The popover's layer handles Escape until its closing animation ends, so the sheet is closed by its button.
    await expect(page.getByRole('list', { name: 'env values' })).toBeHidden();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (1 active)' })).toBeVisible();

    // Group By and Tab By.
    await page.getByLabel('Group By').selectOption('type');
    await expect(page).toHaveURL(/groupBy=type/);
    await expect(page.getByRole('button', { name: /^http \(\d+\)$/ })).toBeVisible();
    await page.getByLabel('Tab By').selectOption('tier');
    await expect(page).toHaveURL(/tabBy=tier/);
    const tabs = page.getByRole('tablist', { name: 'Tabs by tier' }).getByRole('tab');
    await expect(tabs).toHaveText([/^All/, /^backend/, /^data/, /^frontend/]);
    await page.getByRole('tab', { name: /^data/ }).click();
    await expect(page).toHaveURL(/tab=data/);
    await expect(page.getByRole('tab', { name: /^data/ })).toHaveAttribute('aria-selected', 'true');

    // Sorting: ascending, then descending.
    await page.getByRole('button', { name: 'Latency' }).click();
    await expect(page).toHaveURL(/sortBy=latency/);
    await expect(page.getByRole('columnheader', { name: 'Latency' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await page.getByRole('button', { name: 'Latency' }).click();
    await expect(page).toHaveURL(/sortDesc=true/);
    await expect(page.getByRole('columnheader', { name: 'Latency' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    // Groups expand to their checks.
    const group = page.getByTestId('health-table').getByRole('button', { expanded: false }).first();
    await group.click();
    await expect(page.getByTestId('health-table').getByRole('button', { expanded: true })).toHaveCount(1);

    // Layout switch.
    await page.getByRole('button', { name: 'Card layout' }).click();
    await expect(page).toHaveURL(/layout=card/);
    await expect(page.getByTestId('health-cards')).toBeVisible();
    await page.getByRole('button', { name: 'Table layout' }).click();
    await expect(page.getByTestId('health-table')).toBeVisible();
  });

  test('a deep link with every parameter is restored after a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await signIn(page, 'viewer', '/health');
    const checks = await summary(page);
    const target = checks.find((c) => c.labels?.env === 'staging' && c.labels?.region)!;
    const region = target.labels!.region!;
    const params = new URLSearchParams({
      query: 'check',
      groupBy: 'no-group',
      tabBy: 'region',
      tab: region,
      hidePassing: 'false',
      labels: JSON.stringify({ 'env=staging': 1 }),
      layout: 'table',
      sortBy: 'uptime',
      sortDesc: 'true',
      refresh: '5m',
      checkId: target.id,
      timeRange: '2d',
    });
    await page.goto(`/health?${params}`);
    await page.reload();
    // The panel is modal, so it is checked (and closed) before the page behind it.
    const dialog = page.getByRole('dialog', { name: target.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Time range')).toHaveValue('2d');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/checkId=/);
    await expect(page.getByRole('searchbox', { name: 'Search checks' })).toHaveValue('check');
    await expect(page.getByLabel('Group By')).toHaveValue('no-group');
    await expect(page.getByLabel('Tab By')).toHaveValue('region');
    await expect(page.getByRole('tab', { name: new RegExp(`^${region}`) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('columnheader', { name: 'Uptime' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByLabel('Auto refresh')).toHaveValue('5m');
    const expected = checks.filter(
      (c) =>
        c.labels?.env === 'staging' &&
        c.labels?.region === region &&
        [c.description, c.canary_name, c.name].some((v) => v?.toLowerCase().includes('check')),
    );
    await expect(shown(page)).toHaveText(`${expected.length} checks shown`);
    await page.getByRole('button', { name: /^Filters \(1 active\)$/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Filters' }).getByRole('switch', { name: 'Hide Passing' }),
    ).toHaveAttribute('aria-checked', 'false');
    await expect(
      page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'env' }),
    ).toHaveText('staging');
  });

  test("an empty result shows 'No data available'", async ({ page }) => {
    await signIn(page, 'viewer', '/health?query=no-such-check-anywhere');
    await expect(page.getByText('No data available')).toBeVisible();
  });
});
