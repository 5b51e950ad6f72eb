import { axeViolations, expect, test } from './fixtures';
import { expectResponsive } from './responsive';

/** Issue 19: /logs for a component with logs, the empty state, and the refusal for non-admins. */

test.describe('logs as admin', () => {
  test.use({ role: 'admin' });

  test('shows the newest lines of a component, and the empty state for a query that matches nothing', async ({
    page,
  }) => {
    const response = await page.request.get('/api/db/components_with_logs?order=name.asc&limit=1');
    const [component] = (await response.json()) as { id: string; name: string }[];
    expect(component).toBeTruthy();
    await page.goto('/logs');
    await expect(page.getByText('Choose a component to see its logs.')).toBeVisible();
    await page.getByLabel('Component').selectOption(component!.id);
    await expect(page).toHaveURL(new RegExp(`topologyId=${component!.id}`));
    const table = page.getByRole('table', { name: 'Logs' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('navigation', { name: /breadcrumb/i })).toContainText(component!.name);
    expect(await axeViolations(page)).toEqual([]);

    // Columns resize by keyboard and by dragging, and keep their width after a reload.
    const handle = table.getByRole('separator', { name: 'Resize the Message column' });
    const header = table.getByRole('columnheader', { name: /Message/ });
    const start = Number(await handle.getAttribute('aria-valuenow'));
    const startWidth = (await header.boundingBox())!.width;
    await handle.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start + 128));
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(startWidth + 100);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', String(start + 68));
    await page.reload();
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(handle).toHaveAttribute('aria-valuenow', String(start + 68));

    await page.getByRole('searchbox', { name: 'Search logs' }).fill('no-such-line-zz9');
    await expect(page).toHaveURL(/query=no-such-line-zz9/);
    await expect(page.getByText('There are no logs matching the search query')).toBeVisible();
  });

  test('attaches a log line to a new incident as evidence of type log', async ({ page }) => {
    const response = await page.request.get('/api/db/components_with_logs?order=name.asc&limit=1');
    const [component] = (await response.json()) as { id: string; name: string }[];
    await page.goto(`/logs?topologyId=${component!.id}`);
    const row = page.getByRole('table', { name: 'Logs' }).getByRole('row').nth(1);
    const message = (await row.getByRole('cell').nth(1).innerText()).trim();
    await row.getByRole('button', { name: 'Attach as Evidence' }).click();
    const link = page.getByRole('dialog', { name: 'Link to Incident' });
    const title = `E2E log ${Date.now().toString(36)}`;
    await link.getByRole('combobox', { name: 'Incident' }).fill(title);
    await link.getByRole('option', { name: `Create new incident "${title}"` }).click();
    await link.getByLabel('Severity').selectOption('high');
    await link.getByLabel('Type').selectOption('reliability');
    await link.getByLabel('Evidence description').fill('the failing line');
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Linked to incident successfully')).toBeVisible();
    const href = (await page.getByRole('link', { name: 'Open the incident' }).getAttribute('href'))!;
    await page.goto(href);
    const evidence = page.getByRole('listitem', { name: /^Evidence: / });
    await expect(evidence).toHaveCount(1);
    await expect(evidence).toContainText('Log');
    await expect(evidence.locator('pre')).toContainText(message.slice(0, 40));
  });

  test('/logs at 390, 1280 and 1920 px', async ({ page }) => {
    const response = await page.request.get('/api/db/components_with_logs?order=name.asc&limit=1');
    const [component] = (await response.json()) as { id: string }[];
    await expectResponsive(page, `/logs?topologyId=${component!.id}`, (p) =>
      p.getByRole('table', { name: 'Logs' }),
    );
  });
});

test.describe('logs as viewer', () => {
  test.use({ role: 'viewer' });

  test('the results area says Unauthorized (logs are admin-only at the backend)', async ({ page }) => {
    const response = await page.request.get('/api/db/components_with_logs?order=name.asc&limit=1');
    const [component] = (await response.json()) as { id: string }[];
    await page.goto(`/logs?topologyId=${component!.id}`);
    await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
  });
});
