import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { firstCheck, unique } from './helpers';
import { expectResponsive } from './responsive';

/** Issue 19: the send history, rules and silences per role, and the silence preview from a check's panel. */

test.describe('notifications as admin', () => {
  test.use({ role: 'admin' });

  test('the bell leads to the send history; filters live in the URL and a row opens its message', async ({
    page,
  }) => {
    await page.goto('/topology');
    await page.getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    const table = page.getByRole('table', { name: 'Notifications' });
    await expect(table).toBeVisible();
    for (const column of ['Age', 'Resource', 'Status', 'Notification', 'Event', 'Recipient']) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    const filters = page.getByRole('toolbar', { name: 'Notification filters' });
    await filters.getByLabel('Status').selectOption('error');
    await expect(page).toHaveURL(/status=error/);
    await expect(table.getByRole('row').nth(1)).toContainText('error');
    await filters.getByLabel('Resource type').selectOption('check');
    await expect(page).toHaveURL(/resource_type=check/);
    await table.getByRole('row').nth(1).getByRole('cell').nth(2).click();
    await expect(page).toHaveURL(/id=/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('region', { name: 'Error' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Message' })).toBeVisible();
    // The body is markdown rendered as elements: the seed's bodies carry a heading and a link.
    await expect(dialog.getByRole('region', { name: 'Message' }).getByRole('heading')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goBack();
    await expect(dialog).toBeHidden();
  });

  /** Opens the rules list and the Add dialog, with the name and the check.failed event filled in. */
  async function openNewRule(page: Page, name: string) {
    await page.goto('/notifications/rules');
    const table = page.getByRole('table', { name: 'Notification rules' });
    await expect(table).toBeVisible();
    await page.getByRole('button', { name: 'Add Rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Notification Rule' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Events').click();
    await page.getByRole('group', { name: 'Events' }).getByLabel('check.failed').check();
    await page.keyboard.press('Escape');
    return { table, dialog };
  }

  test('creates, edits and deletes a rule', async ({ page }) => {
    const name = unique('e2e-rule');
    const { table, dialog } = await openNewRule(page, name);
    // The radios are visually hidden inside their labels: pick by the label, as a person does.
    await dialog.getByText('Team', { exact: true }).click();
    await expect(dialog.getByRole('radio', { name: 'Team' })).toBeChecked();
    await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ index: 1 });
    await dialog.getByLabel('Repeat interval').fill('4h');
    // Group by picks from the label keys of configs, components and checks.
    await dialog.getByLabel('Group by').click();
    const firstKey = page.getByRole('group', { name: 'Group by' }).getByRole('checkbox').first();
    const keyName = (await firstKey.locator('xpath=..').innerText()).trim();
    expect(keyName).toMatch(/^(tag|label):/);
    await firstKey.check();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('button', { name: `Remove ${keyName}` })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    await expect(dialog).toBeHidden();

    await table.getByRole('cell', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name });
    await expect(edit.getByRole('button', { name: `Remove ${keyName}` })).toBeVisible();
    await edit.getByLabel('Wait for').fill('10m');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification updated successfully')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('10m');

    await table.getByRole('cell', { name, exact: true }).click();
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });

  // Issue 37: no recipient is required (000 §3); such a rule saves, reads "No recipient" and is edited.
  test('creates and edits a rule without a recipient', async ({ page }) => {
    const name = unique('e2e-bare-rule');
    const { table, dialog } = await openNewRule(page, name);
    await expect(dialog.getByRole('combobox', { name: 'Person' })).toHaveValue('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${name} created successfully`)).toBeVisible();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('cell', { name: 'No recipient', exact: true })).toBeVisible();

    await table.getByRole('cell', { name, exact: true }).click();
    const edit = page.getByRole('dialog', { name });
    await edit.getByLabel('Wait for').fill('10m');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification updated successfully')).toBeVisible();
    await expect(row).toContainText('10m');

    await table.getByRole('cell', { name, exact: true }).click();
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
  });
});

test.describe('silences as editor', () => {
  test.use({ role: 'editor' });

  test('adds a silence from a check panel with the preview, sees it listed at once, deletes it', async ({
    page,
  }) => {
    const check = await firstCheck(page);
    const name = unique('e2e-silence');
    await page.goto(`/health?checkId=${check.id}`);
    await page.getByRole('dialog').getByRole('link', { name: 'Silence' }).click();
    await expect(page).toHaveURL(new RegExp(`/notifications/silences/add\\?check_id=${check.id}`));
    await expect(
      page.getByRole('heading', { name: `Silence notifications for ${check.name}` }),
    ).toBeVisible();
    const preview = page.getByRole('complementary', { name: 'Preview' });
    await expect(preview.getByText(/Matches 1 resource now/)).toBeVisible();
    await expect(preview.getByText(/Would have held back [\d,]+ notifications? since/)).toBeVisible();

    await page.getByLabel('Name').fill(name);
    // Silence for: durations ahead first (issue 37), 1 hour chosen until another is.
    await expect(page.getByRole('radio', { name: '1 hour' })).toBeChecked();
    // The radios are visually hidden inside their labels: pick by the label, as a person does.
    await page.getByRole('group', { name: 'Silence for' }).getByText('Until…', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Until…' })).toBeChecked();
    // Until… with no time yet: the field shows and the form cannot be saved (Save stays off while it is invalid).
    await expect(page.getByLabel('Silence until')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await page.getByRole('group', { name: 'Silence for' }).getByText('Indefinitely', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/notifications\/silences$/);
    const table = page.getByRole('table', { name: 'Silences' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Indefinitely');
    await expect(row).toContainText(check.name);
    await expect(row).toContainText('Active');
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${name} deleted successfully`)).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('a filter the backend cannot read shows its message in the preview', async ({ page }) => {
    await page.goto('/notifications/silences/add');
    await page.getByText('Filter', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Filter' }).fill('check.name ==');
    await expect(
      page.getByRole('complementary', { name: 'Preview' }).getByText(/invalid filter/),
    ).toBeVisible();
  });

  test('sees Unauthorized for the admin-only send history', async ({ page }) => {
    await page.goto('/notifications');
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
  });
});

for (const role of ['viewer', 'guest'] as const) {
  test.describe(`silences as ${role}`, () => {
    test.use({ role });

    test('get Unauthorized on the add page and no add action', async ({ page }) => {
      const response = await page.goto('/notifications/silences/add');
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible();
      // The header keeps the title of the address asked for, from the first paint on (not the rewrite's target).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add Notification Silence');
      await page.goto('/notifications/silences');
      await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add Silence' })).toHaveCount(0);
    });
  });
}

// The responsive lines of these screens (docs/new-screen.md step 8), kept here so that parallel branches do not
// all edit tests/e2e/responsive.spec.ts at one place.
test.describe('notification screens at 390, 1280 and 1920 px', () => {
  test.use({ role: 'admin' });

  test('/notifications', async ({ page }) => {
    await expectResponsive(page, '/notifications', (p) => p.getByRole('table', { name: 'Notifications' }));
  });

  test('/notifications/rules', async ({ page }) => {
    await expectResponsive(page, '/notifications/rules', (p) =>
      p.getByRole('table', { name: 'Notification rules' }),
    );
  });

  test('/notifications/silences', async ({ page }) => {
    await expectResponsive(page, '/notifications/silences', (p) =>
      p.getByRole('table', { name: 'Silences' }),
    );
  });
});
