import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { RESOURCE_TRAILING_COLUMNS } from '../helpers/resource-columns';

/**
 * The generic resource pages (issue 21): lists and detail pages of /settings/{table} and /catalog/scrapers, the
 * resource editor with its spec forms and Code tab, per role. Names are unique per run: other specs share the data.
 */
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`;
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const unauthorized = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'You do not have permission to access this page' });

test.describe('resources as admin', () => {
  test.use({ role: 'admin' });

  test('creates a team, edits it and deletes it; the team page has Spec, Members and Job History', async ({
    page,
  }) => {
    const name = unique('e2e-team');
    await page.goto('/settings/teams');
    await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
    for (const column of ['Name', ...RESOURCE_TRAILING_COLUMNS]) {
      await expect(page.getByRole('columnheader', { name: column })).toBeVisible();
    }
    await expect(page.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add Team' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Add Team' })).toBeVisible();
    await expect(dialog.getByLabel('Icon')).toHaveValue('group');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} created successfully`)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/settings\/teams\/[0-9a-f-]+$/);
    await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByText(name)).toBeVisible();
    for (const tab of ['Spec', 'Members', 'Job History'])
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Icon').fill('users');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} updated successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/teams$/);

    await page.getByRole('link', { name }).click();
    await expect(page.getByLabel('Icon')).toHaveValue('users');
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page).toHaveURL(/tab=members/);
    await expect(page.getByText("You haven't added any team members to the team yet.")).toBeVisible();
    await page.getByRole('tab', { name: 'Spec' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this resource?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `${name} deleted successfully`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/teams$/);
    await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('the scrapers live under /catalog/scrapers; a scraper’s delete lists the config items it owns', async ({
    page,
  }) => {
    await page.goto('/catalog/scrapers');
    const table = page.getByRole('table', { name: 'Catalog Scrapers' });
    await expect(table).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Schedule' })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: 'Namespace' })).toHaveCount(0);
    // A scraper the console owns (source UI, demo data): Delete first lists the config items it owns.
    await table.getByRole('link', { name: 'aws-accounts', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\/scrapers\/[0-9a-f-]+$/);
    await expect(page.getByRole('tab', { name: 'Job History' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete this resource?');
    await expect(confirm).toContainText(/It owns \d+ config items?/);
    await expect(
      confirm.getByRole('list', { name: 'Config items it owns' }).getByRole('listitem').first(),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    // One a Kubernetes CRD owns: read-only with the 'Linked to' note, no Save or Delete.
    await page.goto('/catalog/scrapers');
    await table.getByRole('link', { name: 'kubernetes-prod', exact: true }).click();
    await expect(page.getByRole('note')).toContainText('Linked to a Kubernetes CRD');
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // 001 §4, §5 (issue 37): a scraper's connection options are a None/type switch opened on the stored option,
    // and an HTTP scraper requires its type and id.
    await page.goto('/catalog/scrapers');
    await table.getByRole('link', { name: 'github-actions', exact: true }).click();
    const options = page.getByRole('radiogroup', { name: 'Connection options' });
    await expect(options.getByRole('radio', { name: 'Personal access token' })).toBeChecked();
    // The kit's radios are visually hidden inputs inside their labels: choose by the label, as a person does.
    await options
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'Connection', exact: true }) })
      .click();
    await expect(page.getByRole('textbox', { name: 'Connection', exact: true })).toHaveAttribute(
      'aria-required',
      'true',
    );
    await page.goto('/catalog/scrapers');
    await table.getByRole('link', { name: 'status-api', exact: true }).click();
    for (const field of ['Type', 'ID'])
      await expect(page.getByRole('textbox', { name: field, exact: true })).toHaveAttribute(
        'aria-required',
        'true',
      );
  });
});

test.describe('resources as editor', () => {
  test.use({ role: 'editor' });

  test('adds an HTTP health check through the form, switches to Code and back, saves, edits its schedule and deletes it', async ({
    page,
  }) => {
    const name = unique('e2e-http');
    await page.goto('/settings/canaries');
    await expect(page.getByRole('table', { name: 'Health Check' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Health Check' }).click();
    await expect(page).toHaveURL(/add=true/);
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('list', { name: 'Health Check types' })
      .getByRole('button', { name: 'HTTP' })
      .click();
    await expect(page).toHaveURL(/type=http/);
    await expect(dialog.getByLabel(/^Namespace/)).toHaveValue('default');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByRole('textbox', { name: /^URL/ }).fill('https://example.invalid/health');
    await dialog.getByRole('combobox', { name: 'Method' }).selectOption('POST');
    await dialog.getByRole('textbox', { name: 'Body' }).fill('{"ping":true}');

    await dialog.getByRole('tab', { name: 'Code' }).click();
    const code = dialog.getByRole('textbox', { name: 'Spec' });
    await expect(code).toContainText('url: https://example.invalid/health');
    await expect(code).toContainText('method: POST');
    await dialog.getByRole('tab', { name: 'Form' }).click();
    await expect(dialog.getByRole('textbox', { name: /^URL/ })).toHaveValue('https://example.invalid/health');
    await expect(dialog.getByRole('textbox', { name: 'Body' })).toHaveValue('{"ping":true}');

    // Invalid YAML in the Code tab blocks Save and shows the parse error.
    await dialog.getByRole('tab', { name: 'Code' }).click();
    // A spec longer than its box scrolls, and its scroller is reachable by keyboard (axe scrollable-region-focusable).
    await code.fill(`http:\n  - name: x\n    url: y\n${'# a long spec\n'.repeat(80)}`);
    await expect
      .poll(() => dialog.locator('.cm-scroller').evaluate((e) => e.scrollHeight > e.clientHeight))
      .toBe(true);
    // The completion list typing opened is driven from the editor by arrow keys (aria-activedescendant): closed
    // first, as the audit of a page never meets it.
    await code.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await code.fill('http:\n  - name: x\n   url: y');
    await dialog.getByRole('tab', { name: 'Form' }).click();
    await expect(dialog.getByText(/Invalid YAML at line \d+, column \d+/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await code.fill(`http:\n  - name: ${name}\n    url: https://example.invalid/health\n    method: GET\n`);
    await dialog.getByRole('tab', { name: 'Form' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Method' })).toHaveValue('GET');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} created successfully`)).toBeVisible();

    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `${name} (HTTP)` })).toBeVisible();
    await page.getByRole('combobox', { name: 'Schedule' }).fill('@every 5m');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} updated successfully`)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('@every 5m');

    await page.getByRole('link', { name }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, `${name} deleted successfully`)).toBeVisible();
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  // 001 §3.6: SFTP and SMB are code-only types, each starting from a folder-check template (issue 37).
  test('offers SFTP and SMB as code-only health checks with their templates; Folder has connection options, ICMP a Host', async ({
    page,
  }) => {
    const dialog = page.getByRole('dialog');
    const grid = dialog.getByRole('list', { name: 'Health Check types' });
    for (const [label, key] of [
      ['SFTP', 'sftpConnection'],
      ['SMB', 'smbConnection'],
    ] as const) {
      await page.goto('/settings/canaries?add=true');
      await grid.getByRole('button', { name: label }).click();
      await expect(dialog.getByRole('heading', { name: `Add Health Check: ${label}` })).toBeVisible();
      await expect(dialog.getByRole('tab', { name: 'Form' })).toHaveCount(0);
      await expect(dialog.getByRole('textbox', { name: 'Spec' })).toContainText(key);
    }
    // 001 §4, §5 (issue 37): the Folder form's connection options (None, AWS, GCP) and ICMP's Host.
    await page.goto('/settings/canaries?add=true');
    await grid.getByRole('button', { name: 'Folder' }).click();
    const options = dialog.getByRole('radiogroup', { name: 'Connection options' });
    await expect(options.getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'Region' })).toHaveCount(0);
    await options
      .locator('label')
      .filter({ has: page.getByRole('radio', { name: 'AWS', exact: true }) })
      .click();
    await expect(dialog.getByRole('textbox', { name: 'Region' })).toBeVisible();
    await page.goto('/settings/canaries?add=true');
    await grid.getByRole('button', { name: 'ICMP' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Host', exact: true })).toHaveAttribute(
      'aria-required',
      'true',
    );
  });

  // Issue 37, 001 §7: the note looks its component up by source id; the demo's component-owned check names a
  // component that does not exist, so the note is plain text and opens no missing page.
  test("a generated check's 'Linked to' note is plain text when its component is not found", async ({
    page,
  }) => {
    const response = await page.request.get(
      '/api/db/canaries?select=id,name&source=like.component*&deleted_at=is.null&limit=1',
    );
    const [canary] = (await response.json()) as { id: string; name: string }[];
    expect(canary).toBeDefined();
    await page.goto(`/settings/canaries/${canary!.id}`);
    const note = page.getByRole('note');
    await expect(note).toContainText('Linked to a topology component');
    await expect(note.getByRole('link')).toHaveCount(0);
  });

  test('"Add health check" on /health opens the editor; teams are admin-only to change', async ({ page }) => {
    await page.goto('/health');
    await page.getByRole('button', { name: 'Add health check' }).click();
    await expect(page.getByRole('dialog').getByRole('list', { name: 'Health Check types' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/settings/teams');
    await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Team' })).toHaveCount(0);
  });
});

test.describe('resources as viewer', () => {
  test.use({ role: 'viewer' });

  test('sees the lists without write actions and Unauthorized on the add pages and refused tables', async ({
    page,
  }) => {
    await page.goto('/settings/canaries');
    const table = page.getByRole('table', { name: 'Health Check' });
    await expect(table).toBeVisible();
    await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await page.goto('/settings/canaries?add=true&type=http');
    await expect(unauthorized(page)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto('/settings/topologies');
    await page.getByRole('table', { name: 'Topology' }).getByRole('link').first().click();
    await expect(page.getByRole('tab', { name: 'Spec' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Spec' })).toBeVisible();
    // A topology's submit reads Update when editing (001 §2.4).
    await expect(page.getByRole('button', { name: /^(Save|Update)$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Job History' }).click();
    await expect(unauthorized(page)).toBeVisible();

    // The backend lets only admins read scrapers and only incident roles read rules.
    await page.goto('/catalog/scrapers');
    await expect(unauthorized(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an unknown id shows the empty state', async ({ page }) => {
    await page.goto('/settings/canaries/00000000-0000-0000-0000-00000000abcd');
    await expect(page.getByText('No resources found')).toBeVisible();
  });
});
