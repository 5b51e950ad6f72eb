import { expect, test } from './fixtures';
import { expectResponsive } from './responsive';

/**
 * Every built screen at 390, 1280 and 1920 px: no sideways page scroll, no text drawn over text, the main data
 * visible. A new screen adds its line here (docs/new-screen.md).
 */
test.describe('responsive screens', () => {
  test.use({ role: 'admin' });

  test('/health', async ({ page }) => {
    await expectResponsive(page, '/health?hidePassing=false', (p) =>
      p.getByRole('table', { name: 'Health checks' }),
    );
  });

  test('/health in card layout', async ({ page }) => {
    await expectResponsive(page, '/health?layout=card', (p) => p.getByTestId('health-cards'));
  });

  test('/view/health', async ({ page }) => {
    await expectResponsive(page, '/view/health', (p) => p.getByRole('table', { name: 'Health checks' }));
  });

  test('/incidents', async ({ page }) => {
    await expectResponsive(page, '/incidents?status=all', (p) => p.getByRole('table', { name: 'Incidents' }));
  });

  test('/topology', async ({ page }) => {
    await expectResponsive(page, '/topology', (p) => p.locator('article[data-testid="topology-card"]'));
  });

  test('/topology/{id}', async ({ page }) => {
    await page.goto('/topology');
    const id = await page
      .locator('article[data-testid="topology-card"]')
      .first()
      .getAttribute('data-component-id');
    await expectResponsive(page, `/topology/${id}`, (p) => p.getByRole('complementary', { name: /^About / }));
  });

  test('/view/topology/{id}', async ({ page }) => {
    await page.goto('/topology');
    const id = await page
      .locator('article[data-testid="topology-card"]')
      .first()
      .getAttribute('data-component-id');
    await expectResponsive(page, `/view/topology/${id}`, (p) =>
      p.locator('article[data-testid="topology-card"]'),
    );
  });

  test('/playbooks/runs', async ({ page }) => {
    await expectResponsive(page, '/playbooks/runs', (p) => p.getByRole('table', { name: 'Playbook runs' }));
  });

  test('/settings/permissions', async ({ page }) => {
    await expectResponsive(page, '/settings/permissions', (p) =>
      p.getByRole('table', { name: 'Permissions' }),
    );
  });

  test('/settings/users', async ({ page }) => {
    await expectResponsive(page, '/settings/users', (p) => p.getByRole('table', { name: 'Users' }));
  });

  test('/settings/agents', async ({ page }) => {
    await expectResponsive(page, '/settings/agents', (p) => p.getByRole('table', { name: 'Agents' }));
  });

  test('/settings/canaries', async ({ page }) => {
    await expectResponsive(page, '/settings/canaries', (p) => p.getByRole('table', { name: 'Health Check' }));
  });

  test('/settings/jobs, /settings/integrations, /settings/feature-flags', async ({ page }) => {
    await expectResponsive(page, '/settings/jobs', (p) => p.getByRole('table', { name: 'Jobs History' }));
    await expectResponsive(page, '/settings/integrations', (p) =>
      p.getByRole('table', { name: 'Integrations' }),
    );
    await expectResponsive(page, '/settings/feature-flags', (p) =>
      p.getByRole('table', { name: 'Feature Flags' }),
    );
  });

  test('/settings/connections', async ({ page }) => {
    await expectResponsive(page, '/settings/connections', (p) =>
      p.getByRole('table', { name: 'Connections' }),
    );
  });

  test('the 404 page', async ({ page }) => {
    await expectResponsive(page, '/no/such/page', (p) => p.getByRole('heading', { name: 'Page not found' }));
  });
});

test.describe('the phone layout', () => {
  test.use({ role: 'viewer', viewport: { width: 390, height: 844 } });

  test('the sidebar is hidden and opens over the page from the header menu', async ({ page }) => {
    await page.goto('/health');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/topology$/);
    await expect(nav).toBeHidden();
  });
});
