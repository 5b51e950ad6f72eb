import type { APIRequestContext } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/** /catalog/{id} and its tabs, the change feed with its diff dialog, insights, the relationships graph. */

async function first<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.status(), path).toBeLessThan(300);
  const [row] = (await response.json()) as T[];
  expect(row, path).toBeTruthy();
  return row!;
}

const RANGE = 'rangeType=relative&range=now-30d&display=Last+30+days';

test.describe('catalog item as viewer', () => {
  test.use({ role: 'viewer' });

  test('the item page is server-rendered with its body, tabs with badges, format toggle and highlighted path', async ({
    page,
  }) => {
    const item = await first<{ id: string; name: string }>(
      page.request,
      '/api/db/configs?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id,name&order=name.asc&limit=1',
    );
    const html = await (await page.request.get(`/catalog/${item.id}?selected=metadata.name`)).text();
    expect(html).toContain(item.name);
    expect(html).toContain('kind: Deployment');

    await page.goto(`/catalog/${item.id}?selected=metadata.name`);
    await expect(page.getByRole('heading', { level: 1, name: item.name })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${item.name}`));
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Kubernetes::Deployment' })).toHaveAttribute(
      'href',
      '/catalog?configType=Kubernetes%3A%3ADeployment',
    );
    await expect(page.locator('[data-selected]').first()).toContainText(`name: ${item.name}`);
    const tabs = page.getByRole('navigation', { name: 'Config item tabs' });
    await expect(tabs.getByRole('link', { name: /^Changes \d+$/ })).toBeVisible();
    // The scraper is named, but only admins get a link to the scrapers page.
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details.getByText('Scraper')).toBeVisible();
    await expect(details.locator('a[href^="/catalog/scrapers/"]')).toHaveCount(0);
    // The backend lets viewers read no incidents: that section says so (in the server HTML), it is never blank.
    expect(html).toContain('You do not have permission to access this page');
    await expect(
      details.getByRole('region', { name: 'Incidents' }).getByRole('heading', { name: 'Unauthorized' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('group', { name: 'Format' }).getByRole('link', { name: 'JSON' }).click();
    await expect(page).toHaveURL(/format=json/);
    await expect(page.getByLabel('Config as JSON', { exact: true })).toContainText('"kind": "Deployment"');
    // A viewer may neither link to incidents nor run playbooks: the action bar offers neither.
    await expect(page.getByRole('group', { name: 'Item actions' })).toBeAttached();
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run Playbook' })).toHaveCount(0);

    // 001 §9 (issue 37): a node's percentage and its value with a max are drawn by the progress bar.
    const node = await first<{ id: string }>(
      page.request,
      '/api/db/configs?type=eq.Kubernetes::Node&deleted_at=is.null&properties=not.is.null&select=id&limit=1',
    );
    await page.goto(`/catalog/${node.id}`);
    for (const name of ['CPU', 'Pods'])
      await expect(details.getByRole('progressbar', { name })).toHaveAttribute(
        'data-color',
        /^(default|orange|red)$/,
      );
    await page.goto(`/catalog/${item.id}?selected=metadata.name`);

    // Each tab shows its list, its empty text, or (Relationships, whose default view is the graph) the graph.
    for (const tab of ['Changes', 'Insights', 'Relationships', 'Playbooks', 'Checks']) {
      await tabs.getByRole('link', { name: new RegExp(`^${tab}`) }).click();
      await expect(page).toHaveURL(new RegExp(`/catalog/${item.id}/${tab.toLowerCase()}`));
      await expect(
        page
          .getByRole('table')
          .or(page.getByText(/^No .* (found|for this item|linked to this item)$/))
          .or(page.getByRole('group', { name: `Relationships of ${item.name}` }))
          .first(),
      ).toBeVisible();
    }
  });

  test('a change opens as a dialog with its diff rendered as a diff, unified and side by side', async ({
    page,
  }) => {
    const change = await first<{ id: string; config_id: string }>(
      page.request,
      '/api/db/config_changes?change_type=eq.diff&diff=not.is.null&select=id,config_id&order=created_at.desc&limit=1',
    );
    await page.goto(`/catalog/${change.config_id}/changes?${RANGE}&changeType=diff&recursive=none`);
    const list = page.getByRole('table', { name: 'Config changes' });
    await expect(list).toBeVisible();
    await list.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/changeId=/);
    const dialog = page.getByRole('dialog');
    const diff = dialog.getByRole('table', { name: 'Unified diff' });
    await expect(diff).toBeVisible();
    await expect(diff.locator('td[data-kind="add"]').first()).toBeVisible();
    await expect(diff.locator('td[data-kind="remove"]').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Side by side' }).click();
    await expect(dialog.getByRole('table', { name: 'Side-by-side diff' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.goBack();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the change feed pages and filters in the URL', async ({ page }) => {
    await page.goto(`/catalog/changes?${RANGE}`);
    const list = page.getByRole('table', { name: 'Config changes' });
    await expect(list).toBeVisible();
    // The picker renders only in the browser: once it is there, the page is hydrated and a change reaches React.
    await expect(page.getByRole('button', { name: /^Time range: Last 30 days/ })).toBeVisible();
    await page.getByLabel('Severity').selectOption('high');
    await expect(page).toHaveURL(/severity=high/);
    await page.reload();
    await expect(page.getByLabel('Severity')).toHaveValue('high');
    await expect(list).toBeVisible();
    // The feed's tags filter (config_tags choices, sent as the feed's selector; issue 37).
    await page.getByRole('button', { name: 'Tags' }).click();
    const namespace = page
      .getByRole('dialog', { name: 'Filter by tag' })
      .getByRole('combobox', { name: 'namespace' });
    await namespace.selectOption({ index: 1 });
    await expect(page).toHaveURL(/tags=namespace%3D/);
    await expect(page).toHaveURL(/severity=high/);
    await expect(list.or(page.getByText('No changes found'))).toBeVisible();
  });

  test('an insight opens with its analysis', async ({ page }) => {
    await page.goto('/catalog/insights?severity=high');
    const list = page.getByRole('table', { name: 'Insights' });
    await expect(list).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await list.getByRole('row').nth(1).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Analysis' })).toBeVisible();
    await expect(dialog.getByLabel('Analysis')).not.toBeEmpty();
  });

  test('the relationships graph draws the related configs and a node opens its item', async ({ page }) => {
    const cluster = await first<{ id: string; name: string }>(
      page.request,
      '/api/db/configs?type=eq.Kubernetes::Cluster&deleted_at=is.null&select=id,name&order=name.asc&limit=1',
    );
    await page.goto(`/catalog/${cluster.id}/relationships`);
    const graph = page.getByRole('group', { name: `Relationships of ${cluster.name}` });
    await expect(graph).toBeVisible();
    const nodes = graph.getByRole('link');
    expect(await nodes.count()).toBeGreaterThan(3);
    const namespace = graph.getByRole('link', { name: /Kubernetes::Namespace/ }).first();
    const target = await namespace.getAttribute('data-node-id');
    // The box scrolls the item to its middle once it has hydrated: a click before that lands beside the node.
    await expect(page.getByTestId('relationship-graph')).toHaveAttribute('data-centred', 'true');
    await namespace.click();
    await expect(page).toHaveURL(new RegExp(`/catalog/${target}$`));

    await page.goto(`/catalog/${cluster.id}/relationships?view=table&type=Kubernetes::Namespace`);
    const rows = page.getByRole('table', { name: 'Related configs' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Kubernetes::Namespace');
    // The Relation column: how the cluster's own neighbours are related (config_relationships, issue 37).
    const otherId = (await rows.nth(1).getByRole('link').first().getAttribute('href'))!.split('/').pop();
    const own = (await (
      await page.request.get(
        `/api/db/config_relationships?or=(config_id.eq.${cluster.id},related_id.eq.${cluster.id})&deleted_at=is.null&select=config_id,related_id,relation`,
      )
    ).json()) as { config_id: string; related_id: string; relation: string }[];
    const kinds = [
      ...new Set(
        own
          .filter((r) => r.config_id === otherId || r.related_id === otherId)
          .map((r) => r.relation || 'related'),
      ),
    ].sort();
    expect(kinds.length).toBeGreaterThan(0);
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText(kinds.join(', '));
  });
});

test.describe('catalog item as admin', () => {
  test.use({ role: 'admin' });

  test('links the scraper and opens a linked check in the check panel', async ({ page }) => {
    const link = await first<{ config_id: string }>(
      page.request,
      '/api/db/check_config_relationships?deleted_at=is.null&select=config_id&limit=1',
    );
    await page.goto(`/catalog/${link.config_id}`);
    await expect(
      page.getByRole('complementary', { name: 'Details' }).locator('a[href^="/catalog/scrapers/"]'),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Config item tabs' })
      .getByRole('link', { name: /^Checks/ })
      .click();
    const checks = page.getByRole('table', { name: 'Checks' });
    await expect(checks).toBeVisible();
    await checks.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/checkId=/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

/** Options show a detail after the title (the incident's id). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const DEPLOYMENT =
  '/api/db/configs?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id,name&order=name.asc&limit=1';

test.describe('catalog item actions as admin', () => {
  test.use({ role: 'admin' });

  test('links the item and one of its changes to an incident, and runs its playbooks', async ({ page }) => {
    const item = await first<{ id: string; name: string }>(page.request, DEPLOYMENT);
    const title = `E2E catalog link ${Date.now().toString(36)}`;
    await page.goto(`/catalog/${item.id}`);
    await page.getByRole('button', { name: 'Attach as Evidence' }).click();
    const link = page.getByRole('dialog', { name: 'Link to Incident' });
    await link.getByRole('combobox', { name: 'Incident' }).fill(title);
    await link.getByRole('option', { name: `Create new incident "${title}"` }).click();
    await link.getByLabel('Severity').selectOption('high');
    await link.getByLabel('Type').selectOption('availability');
    await link.getByLabel('Evidence description').fill('the deployment');
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Linked to incident successfully')).toBeVisible();
    const incident = (await page.getByRole('link', { name: 'Open the incident' }).getAttribute('href'))!;
    // The item's page lists the incidents it is evidence in (incidents_by_config), server-rendered.
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Incidents' }).getByRole('link', { name: title }),
    ).toHaveAttribute('href', incident);

    await page.getByRole('button', { name: 'Run Playbook' }).click();
    const run = page.getByRole('dialog', { name: /^Run / });
    const playbooks = run.getByLabel('Playbook');
    await expect(playbooks.getByRole('option', { name: 'Restart deployment' })).toBeAttached();
    await expect(playbooks.getByRole('option', { name: 'Roll back a release' })).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(run).toHaveCount(0);

    // A change of the item links to the incident just made (its root hypothesis is preselected).
    const change = await first<{ id: string }>(
      page.request,
      `/api/db/config_changes?config_id=eq.${item.id}&select=id&order=created_at.desc&limit=1`,
    );
    await page.goto(`/catalog/${item.id}/changes?${RANGE}&recursive=none&changeId=${change.id}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Attach as Evidence' }).click();
    await link.getByRole('combobox', { name: 'Incident' }).fill(title);
    await link.getByRole('option', { name: startsWith(title) }).click();
    await expect(link.getByRole('combobox', { name: 'Hypothesis' })).toHaveValue(title);
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Linked to incident successfully').first()).toBeVisible();

    await page.goto(incident);
    await expect(page.getByRole('listitem', { name: /^Evidence: / })).toHaveCount(2);
    await expect(page.getByRole('link', { name: item.name }).first()).toBeVisible();
  });
});

test.describe('catalog item actions as editor', () => {
  test.use({ role: 'editor' });

  test('an editor may run playbooks but not link to incidents', async ({ page }) => {
    const item = await first<{ id: string; name: string }>(page.request, DEPLOYMENT);
    await page.goto(`/catalog/${item.id}`);
    const actions = page.getByRole('group', { name: 'Item actions' });
    await actions.getByRole('button', { name: 'Run Playbook' }).click();
    await expect(page.getByRole('dialog', { name: /^Run / }).getByLabel('Playbook')).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
  });
});
