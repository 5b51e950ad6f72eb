import type { Locator, Page } from '@playwright/test';
import { axeViolations, expect, test, type DemoRole } from './fixtures';

/**
 * Settings → Connections (issue 15): the admin lists, adds (five types, a Secret reference and git SSH among them),
 * edits, tests and deletes connections; every other role gets Unauthorized; no stored secret reaches the browser.
 * Names carry a run suffix: other specs share the database.
 */

const run = Date.now().toString(36);
const ROUTE = '/settings/connections';

const dialog = (page: Page) => page.getByRole('dialog');
const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function pickType(page: Page, title: string) {
  await page.getByRole('button', { name: 'Add Connection' }).click();
  await expect(dialog(page).getByRole('heading', { name: 'Select Connection Type' })).toBeVisible();
  await dialog(page)
    .getByRole('button', { name: new RegExp(`^${title}( \\(notifications\\))?$`) })
    .click();
  await expect(dialog(page).getByRole('heading', { name: `${title} Connection Details` })).toBeVisible();
}

async function saveAndExpect(page: Page, toast: string) {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(dialog(page)).toBeHidden();
}

/** The kit's radios are visually hidden inputs inside their labels: choose one as a person does, by its label. */
async function choose(scope: Locator, name: string) {
  // `has` is queried inside each label, so it starts from the page, not from the scope.
  await scope
    .locator('label')
    .filter({ has: scope.page().getByRole('radio', { name, exact: true }) })
    .click();
  await expect(scope.getByRole('radio', { name, exact: true })).toBeChecked();
}

/** The rows of every JSON array among the /api answers. */
function rowsOf(bodies: string[]): Record<string, unknown>[] {
  return bodies.flatMap((body): Record<string, unknown>[] => {
    try {
      const value: unknown = JSON.parse(body);
      return Array.isArray(value) ? value : [];
    } catch {
      return [];
    }
  });
}

test.describe('connections as admin', () => {
  test.use({ role: 'admin' });

  test('lists the live connections newest first with search and type filter in the URL, without axe violations', async ({
    page,
  }) => {
    const response = await page.goto(ROUTE);
    expect(response?.status()).toBe(200);
    const table = page.getByRole('table', { name: 'Connections' });
    await expect(table).toBeVisible();
    const firstType = table.locator('tbody tr td:nth-child(2)').first();
    const titleLeft = () =>
      firstType.evaluate((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const title = [...cell.querySelectorAll('span')]
          .flatMap((el) => [...el.childNodes])
          .find((n) => n.nodeType === 3);
        range.selectNode(title!);
        return range.getBoundingClientRect().x;
      });
    const titleBefore = await titleLeft();
    for (const column of [
      'Name',
      'Type',
      'Namespace',
      'URL / Host',
      'Source',
      'Created By',
      'Created',
      'Updated',
    ]) {
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    // Text typed before the list has hydrated stays in the box but React never sees it (issue 34, open): type once
    // the hydrated list has put its Refresh button in the header.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Refresh' })).toBeVisible();
    // The type icons come a moment after the load event, in a box of their size: the title beside one never moves.
    await expect(firstType.locator('svg')).toBeVisible();
    expect(await titleLeft()).toBe(titleBefore);
    // The soft-deleted seed row is hidden.
    await page.getByRole('searchbox', { name: 'Search connections' }).fill('smtp-relay-old');
    await expect(page).toHaveURL(/query=smtp-relay-old/);
    await expect(page.getByText('No connections found')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search connections' }).fill('');
    await expect(page).not.toHaveURL(/query=/);

    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Postgres' });
    await expect(page).toHaveURL(/type=postgres/);
    await expect(row(page, 'postgres-legacy-broken')).toBeVisible();
    // Read once the list shows the filtered answer (the last rows stay on screen while it loads).
    const types = () => table.locator('tbody tr td:nth-child(2)').allInnerTexts();
    await expect.poll(async () => [...new Set((await types()).map((t) => t.trim()))]).toEqual(['Postgres']);
    expect((await types()).length).toBeGreaterThan(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('adds five types (a Secret reference, git SSH, a secret in properties), edits, tests and deletes, and never receives a stored secret', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const secrets = {
      http: `http-pw-${run}-Zq9`,
      slack: `xoxb-${run}-Slk7`,
      restic: `restic-pw-${run}-Rs3`,
      resticKey: `restic-key-${run}-Sk5`,
      ssh: `-----BEGIN OPENSSH PRIVATE KEY-----${run}`,
    };
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/') || response.request().method() === 'OPTIONS') return;
      bodies.push(await response.text().catch(() => ''));
    });
    const names = {
      postgres: `pg-orders-${run}`,
      git: `git-ssh-${run}`,
      http: `http-status-${run}`,
      slack: `slack-ops-${run}`,
      restic: `restic-backup-${run}`,
    };
    await page.goto(ROUTE);
    // React drops a click made before the list's boundary has hydrated (seen in CI; 4 of 4 under 8x CPU throttling
    // just after the load event): the header's Refresh button is put there by the hydrated list, so wait for it.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Refresh' })).toBeVisible();

    // Postgres with the password as a Secret reference.
    await pickType(page, 'Postgres');
    const d = dialog(page);
    await d.getByLabel(/^Name\s*\*?$/).fill(names.postgres);
    await expect(d.getByLabel(/^Namespace/)).toHaveValue('default');
    await d.getByRole('textbox', { name: /^URL/ }).fill('postgres://db.orders.svc:5432/orders');
    await d.getByLabel('Username', { exact: true }).fill('orders_app');
    const password = d.getByRole('group', { name: /^Password/ });
    await choose(password, 'Secret');
    await password.getByRole('textbox', { name: 'Password Secret name' }).fill('orders-db');
    await password.getByRole('textbox', { name: 'Password Secret key' }).fill('password');
    await saveAndExpect(page, `${names.postgres} created successfully`);
    await expect(row(page, names.postgres)).toBeVisible();

    // Git over SSH (the key is stored as the certificate), ref main by default.
    await pickType(page, 'Git');
    await d.getByLabel(/^Name\s*\*?$/).fill(names.git);
    await d.getByRole('textbox', { name: /^URL/ }).fill('git@github.com:acme/infra.git');
    await expect(d.getByLabel(/^Ref/)).toHaveValue('main');
    await choose(d, 'SSH');
    await d.getByRole('textbox', { name: 'SSH Key' }).fill(secrets.ssh);
    await saveAndExpect(page, `${names.git} created successfully`);

    // HTTP with a static password; Back returns to the picker first.
    await pickType(page, 'HTTP');
    await d.getByRole('button', { name: 'Back' }).click();
    await expect(d.getByRole('heading', { name: 'Select Connection Type' })).toBeVisible();
    await d.getByRole('button', { name: 'HTTP', exact: true }).click();
    await d.getByLabel(/^Name\s*\*?$/).fill(names.http);
    await d.getByRole('textbox', { name: /^URL/ }).fill('https://status.acme.example.com/health');
    await d.getByLabel('Username', { exact: true }).fill('probe');
    await d.getByLabel('Password', { exact: true }).fill(secrets.http);
    await saveAndExpect(page, `${names.http} created successfully`);

    // Slack (a notification target: its URL is derived, the token stays in the password column).
    await pickType(page, 'Slack');
    await d.getByLabel(/^Name\s*\*?$/).fill(names.slack);
    await d.getByLabel(/^Channel/).fill('C04QF8M2L1Z');
    await d.getByLabel('Bot Token', { exact: true }).fill(secrets.slack);
    await saveAndExpect(page, `${names.slack} created successfully`);

    // Restic: a static secret kept in properties (Secret Key) besides the password column.
    await pickType(page, 'Restic');
    await d.getByLabel(/^Name\s*\*?$/).fill(names.restic);
    await d.getByLabel('Password', { exact: true }).fill(secrets.restic);
    await d.getByRole('textbox', { name: /^Repository URL/ }).fill('s3:https://s3.example.com/backups');
    await d.getByLabel(/^AWS Connection Name/).fill('aws-backup-writer');
    await d.getByLabel('Access Key', { exact: true }).fill('AKIA-E2E');
    await d.getByLabel('Secret Key', { exact: true }).fill(secrets.resticKey);
    await saveAndExpect(page, `${names.restic} created successfully`);

    // Edit: name and namespace locked, the stored secret shown as set, only the change is saved.
    await row(page, names.http).click();
    await expect(page).toHaveURL(/id=/);
    await expect(d.getByRole('heading', { name: 'HTTP Connection Details' })).toBeVisible();
    await expect(d.getByLabel(/^Name\s*\*?$/)).toBeDisabled();
    await expect(d.getByLabel(/^Namespace/)).toBeDisabled();
    await expect(d.getByText('A value is set')).toBeVisible();
    await expect(d.getByRole('button', { name: 'Save' })).toBeDisabled();
    const patch = page.waitForRequest(
      (r) => r.method() === 'PATCH' && r.url().includes('/api/db/connections'),
    );
    await d.getByLabel('Username', { exact: true }).fill('probe-2');
    await saveAndExpect(page, `${names.http} updated successfully`);
    const sent = (await patch).postDataJSON() as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(['updated_at', 'username']);
    expect(sent.username).toBe('probe-2');

    // Test: the backend's answer in the dialog, success and failure.
    await row(page, names.http).click();
    await d.getByRole('button', { name: 'Test Connection' }).click();
    await expect(d.getByTestId('connection-test-result')).toHaveText(
      /^Connection test succeeded: GET https:\/\/status\.acme\.example\.com\/health → 200 OK in \d+ms$/,
    );
    await d.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).not.toHaveURL(/id=/);
    await page.getByRole('searchbox', { name: 'Search connections' }).fill('postgres-legacy-broken');
    await row(page, 'postgres-legacy-broken').click();
    await d.getByRole('button', { name: 'Test Connection' }).click();
    await expect(d.getByTestId('connection-test-result')).toHaveText(
      /^Connection test failed: failed to connect to `host=db-legacy\.payments\.svc/,
    );
    await page.goBack();
    await expect(dialog(page)).toBeHidden();

    // A direct link opens the dialog from the server's data; no secret in the HTML either.
    const listed = bodies.join('\n');
    const id = rowsOf(bodies).find((r) => typeof r.name === 'string' && r.name.startsWith('slack-ops-'))?.id;
    expect(id).toBeTruthy();
    const html = await (await page.request.get(`${ROUTE}?id=${id}`)).text();

    // Delete: the confirm dialog, soft delete, the toast; the row leaves the list.
    await page.getByRole('searchbox', { name: 'Search connections' }).fill(run);
    await row(page, names.restic).click();
    await d.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Are you sure you want to delete this resource?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`${names.restic} deleted successfully`)).toBeVisible();
    await expect(row(page, names.restic)).toBeHidden();
    await expect(row(page, names.slack)).toBeVisible();

    for (const secret of Object.values(secrets)) {
      expect(html).not.toContain(secret);
      expect(listed).not.toContain(secret);
      expect(bodies.join('\n')).not.toContain(secret);
    }
    // The stored secrets were read back as the mask, every time a row came with them (parsed: the backend's JSON
    // spacing is not the contract; a write's answer may carry fewer columns).
    const readBack = (name: string) => rowsOf(bodies).filter((r) => r.name === name && 'password' in r);
    for (const name of [names.http, names.restic]) {
      expect(readBack(name).length, name).toBeGreaterThan(0);
      expect(
        readBack(name).map((r) => r.password),
        name,
      ).toEqual(readBack(name).map(() => '********'));
    }
    const resticKeys = readBack(names.restic).map(
      (r) => (r.properties as Record<string, unknown> | null)?.secretKey,
    );
    expect(resticKeys).toEqual(resticKeys.map(() => '********'));
  });
});

for (const role of [
  'editor',
  'commander',
  'responder',
  'viewer',
  'guest',
] as const satisfies readonly DemoRole[]) {
  test.describe(`connections as ${role}`, () => {
    test.use({ role });

    test('gets Unauthorized and no connection data', async ({ page }) => {
      const response = await page.goto(ROUTE);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole('heading', { name: 'Unauthorized', level: 2 })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Connections' })).toHaveCount(0);
      const api = await page.request.get('/api/db/connections?select=id,name&limit=1');
      expect(api.status()).toBe(403);
    });
  });
}
