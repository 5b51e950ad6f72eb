import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

interface SummaryItem {
  id: string;
  name: string;
  status?: string;
  last_runtime?: string;
}

async function summary(page: Page): Promise<SummaryItem[]> {
  const response = await page.request.get('/api/canary/api/summary');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { checks_summary?: SummaryItem[] }).checks_summary ?? [];
}

/** A check that has run recently, so its history has rows in every window. */
async function recentCheck(page: Page): Promise<SummaryItem> {
  const checks = await summary(page);
  const found = checks.find(
    (c) => c.last_runtime && Date.now() - Date.parse(c.last_runtime) < 10 * 60_000 && c.status !== 'healthy',
  );
  expect(found).toBeTruthy();
  return found!;
}

test.describe('check detail panel', () => {
  test('opens from the list with checkId and timeRange in the URL; metrics, chart, tabs and size toggle', async ({
    page,
  }) => {
    await signIn(page, 'admin', '/health');
    const check = await recentCheck(page);
    await page.goto(`/health?groupBy=no-group&query=${encodeURIComponent(check.name)}`);
    await page.getByRole('link', { name: check.name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`checkId=${check.id}`));
    await expect(page).toHaveURL(/timeRange=1h/);
    const dialog = page.getByRole('dialog', { name: check.name });
    await expect(dialog).toBeVisible();
    for (const title of ['Uptime', 'Latency', 'Severity', 'Last Run', 'Next Run', 'Time Range']) {
      await expect(dialog.getByText(title, { exact: true }).first()).toBeVisible();
    }
    await expect(dialog.getByText(/\d+ passed, \d+ failed/)).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Check history' })).toBeVisible();
    await expect(dialog.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    await dialog.getByRole('tab', { name: 'Spec' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Check spec (read-only YAML)' })).toBeVisible();
    // Spec 000 §2: a full-size modal, with the size toggle.
    await expect(dialog).toHaveAttribute('data-size', 'full');
    await dialog.getByRole('button', { name: 'Restore default size' }).click();
    await expect(dialog).toHaveAttribute('data-size', 'default');
    await dialog.getByRole('button', { name: 'Expand to full size' }).click();
    await expect(dialog).toHaveAttribute('data-size', 'full');
    await expect(
      dialog
        .getByRole('link', { name: 'Edit' })
        .or(dialog.getByText(/^Defined by /))
        .or(dialog.getByRole('link', { name: 'View source component' })),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).not.toHaveURL(/checkId=/);
  });

  test('history pages by 50 and filters by status and duration, with the validation message', async ({
    page,
  }) => {
    await signIn(page, 'viewer', '/health');
    const check = await recentCheck(page);
    await page.goto(`/health?checkId=${check.id}&timeRange=2d`);
    const dialog = page.getByRole('dialog', { name: check.name });
    const history = dialog.getByRole('table', { name: 'Check history' });
    await expect(history).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(51);
    await expect(dialog.getByText(/Page 1 of \d+/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText(/Page 2 of \d+/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await dialog.getByLabel('Status').selectOption('unhealthy');
    await expect(dialog.getByText(/Page 1 of \d+/)).toBeVisible();
    await expect(history.getByText('Passed,')).toHaveCount(0);
    await expect(history.getByText('Failed,').first()).toBeAttached();

    await dialog.getByLabel('Status').selectOption('all');
    await dialog.getByLabel('Duration', { exact: true }).selectOption({ label: 'Custom…' });
    await dialog.getByLabel('Minimum duration').fill('5 minutes');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'duration is allowed only in milli seconds & seconds' }),
    ).toBeVisible();
    await dialog.getByLabel('Minimum duration').fill('1s');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('duration is allowed only in milli seconds & seconds')).toHaveCount(0);
    await dialog.getByLabel('Duration', { exact: true }).selectOption('100ms');
    await expect(history.or(dialog.getByText('No data available'))).toBeVisible();
  });

  test('Run Now as admin shows progress and the new result; a viewer has no Run Now', async ({ page }) => {
    await signIn(page, 'admin', '/health');
    const check = await recentCheck(page);
    await page.goto(`/health?checkId=${check.id}`);
    const dialog = page.getByRole('dialog', { name: check.name });
    const run = dialog.getByRole('button', { name: 'Run Now' });
    await expect(run).toBeVisible();
    await run.click();
    await expect(dialog.getByRole('status')).toHaveText(/^(Passed|Failed|The check ran)/, {
      timeout: 20_000,
    });

    // Leave the page first: signed out under it, its next request sends it to sign-in, racing the navigation below.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signIn(page, 'viewer', `/health?checkId=${check.id}`);
    const viewerDialog = page.getByRole('dialog', { name: check.name });
    await expect(viewerDialog.getByRole('table', { name: 'Check history' })).toBeVisible();
    await expect(viewerDialog.getByRole('button', { name: 'Run Now' })).toHaveCount(0);
  });

  test('relationships link to /topology/{id} for components and /catalog/{id} for configs', async ({
    page,
  }) => {
    await signIn(page, 'viewer', '/health');
    const components = (await (
      await page.request.get(
        '/api/db/check_component_relationships?select=check_id,component_id&deleted_at=is.null&limit=1',
      )
    ).json()) as { check_id: string; component_id: string }[];
    const configs = (await (
      await page.request.get(
        '/api/db/check_config_relationships?select=check_id,config_id&deleted_at=is.null&limit=1',
      )
    ).json()) as { check_id: string; config_id: string }[];
    for (const [rel, prefix, id] of [
      [components[0]?.check_id, '/topology/', components[0]?.component_id],
      [configs[0]?.check_id, '/catalog/', configs[0]?.config_id],
    ] as const) {
      if (!rel || !id) continue;
      await page.goto(`/health?checkId=${rel}`);
      const dialog = page.getByRole('dialog');
      const tab = dialog.getByRole('tab', { name: /^Relationships/ });
      await expect(tab).toHaveText(/Relationships\s*[1-9]\d*/);
      await tab.click();
      await expect(dialog.locator(`a[href="${prefix}${id}"]`)).toBeVisible();
    }
    expect(components.length + configs.length).toBeGreaterThan(0);
  });
});
