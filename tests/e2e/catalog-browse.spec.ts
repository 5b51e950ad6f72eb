import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { expectResponsive } from './responsive';

/** /catalog: the summary, a type's list, search, filters, sort and paging in the URL, deleted items, role gates. */

const table = (page: Page, name: string | RegExp) => page.getByRole('table', { name });

test.describe('catalog browse as admin', () => {
  test.use({ role: 'admin' });

  test('the summary is in the first HTML, a type lists its items, and the list state survives a reload', async ({
    page,
  }) => {
    // Seven server renders of a 50-row list (two sorts, a page, a filter, a search, two reloads) and two axe runs:
    // 45 s on an idle 2-core machine with the other worker busy, so the default 60 s left no room under CI's load.
    test.setTimeout(120_000);
    // A render sends its loading state instead of waiting behind another request's slow statement on PGlite's one
    // connection (lib/queries/server.ts, PREFETCH_STALL_ANY_MS); the other worker's test can be that request, so
    // the promise checked is that a render not held up has the data (one of three).
    await expect(async () => {
      const html = await (await page.request.get('/catalog')).text();
      expect(html).toContain('Kubernetes::Deployment');
      expect(html).toContain('<table');
    }).toPass({ intervals: [1_000, 2_000], timeout: 15_000 });

    await page.goto('/catalog');
    const summary = table(page, 'Config types');
    await expect(summary).toBeVisible();
    await expect(summary.getByRole('row', { name: /^Kubernetes\b/ }).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await expect(
      page.getByRole('navigation', { name: 'Catalog pages' }).getByRole('link', { name: 'Scrapers' }),
    ).toHaveAttribute('href', '/catalog/scrapers');

    await summary.getByRole('row', { name: /Kubernetes::Pod/ }).click();
    await expect(page).toHaveURL(/configType=Kubernetes%3A%3APod/);
    const list = table(page, 'Kubernetes::Pod items');
    await expect(list).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Sort by name descending, go to page 2, and reload: the same rows come back from the URL. The rows expected
    // are read from the backend, so the check waits for the right rows rather than reading a list mid-change.
    const expectedRows = await page.request.get(
      '/api/db/configs?select=name&type=eq.Kubernetes::Pod&deleted_at=is.null&order=name.desc&limit=51',
    );
    const names = ((await expectedRows.json()) as { name: string }[]).map((row) => row.name);
    const [pageOneFirst, firstName] = [names[0], names[50]];
    expect(pageOneFirst && firstName).toBeTruthy();
    const firstLink = () => table(page, 'Kubernetes::Pod items').getByRole('row').nth(1).getByRole('link');
    // The second click waits for the first sort's rows: the table is inert while a sort loads (issue 34's
    // stale-rows branch keeps the header live, not merged yet).
    await list.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sortBy=name/);
    await expect(list.locator('xpath=ancestor::div[@aria-busy="true"]')).toHaveCount(0);
    await list.getByRole('button', { name: 'Name' }).click();
    await expect(page).toHaveURL(/sortDesc=true/);
    await expect(firstLink()).toHaveText(pageOneFirst!);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/pageIndex=1/);
    await expect(firstLink()).toHaveText(firstName!);
    await page.reload();
    await expect(firstLink()).toHaveText(firstName!);

    // Health filter and search are URL state too; an item link opens the item.
    await page.getByLabel('Health', { exact: true }).first().selectOption('healthy');
    await expect(page).toHaveURL(/health=healthy/);
    await expect(page).not.toHaveURL(/pageIndex=/);
    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(firstName!);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(firstName!).slice(0, 10)}`));
    // The reload comes once the list shows the search's result, not while the change is still on its way.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(
      page.getByText('No config items found').or(firstLink().filter({ hasText: firstName! })),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search the catalog' })).toHaveValue(firstName!);
    await expect(page.getByLabel('Health', { exact: true }).first()).toHaveValue('healthy');
  });

  test('deleted items show only with the Show deleted configs preference, marked with their deletion time', async ({
    page,
    context,
    baseURL,
  }) => {
    const response = await page.request.get(
      '/api/db/configs?select=id,name,type&deleted_at=not.is.null&order=name.asc&limit=1',
    );
    const [deleted] = (await response.json()) as { id: string; name: string; type: string }[];
    expect(deleted).toBeTruthy();
    await page.goto(`/catalog?search=${encodeURIComponent(deleted!.name)}`);
    await expect(page.getByText(/No config items found|items$/).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Deleted' })).toHaveCount(0);

    const prefs = encodeURIComponent(JSON.stringify({ showDeletedConfigs: true }));
    await context.addCookies([{ name: 'console-preferences', value: prefs, url: baseURL! }]);
    await page.reload();
    const row = page
      .getByRole('row')
      .filter({ hasText: deleted!.name })
      .filter({ hasText: 'Deleted' })
      .first();
    await expect(row).toBeVisible();
    await expect(row.locator('time').last()).toHaveAttribute('datetime', /\d{4}-\d{2}-\d{2}T/);
  });

  test('the columns chosen are kept in the address: a reload (or a saved view) shows them', async ({
    page,
  }) => {
    await page.goto('/catalog?configType=Kubernetes::Pod');
    const table = page.getByRole('table', { name: 'Kubernetes::Pod items' });
    await expect(table.getByRole('columnheader', { name: /Cost\/min/ })).toHaveCount(0);
    await page.getByText('Columns', { exact: true }).click();
    // Clicked one after the other: the second builds on the first while the address catches up.
    await page.getByRole('checkbox', { name: 'Cost/min' }).click();
    await page.getByRole('checkbox', { name: 'Agent' }).click();
    await expect(page.getByRole('checkbox', { name: 'Cost/min' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Agent' })).not.toBeChecked();
    await expect(page).toHaveURL(/[?&]columns=cost_per_minute%2C%21agent\b/);
    await page.reload();
    await expect(table.getByRole('columnheader', { name: /Cost\/min/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Agent' })).toHaveCount(0);
  });
});

test.describe('catalog browse as viewer', () => {
  test.use({ role: 'viewer' });

  test('reads the catalog without the admin-only scrapers page', async ({ page }) => {
    await page.goto('/catalog?configType=Kubernetes::Deployment');
    await expect(table(page, 'Kubernetes::Deployment items')).toBeVisible();
    // The Tags filter (config_tags, issue 37) loads on first use and narrows the list through the URL.
    const [deployment] = (await (
      await page.request.get(
        '/api/db/configs?select=name,tags&type=eq.Kubernetes::Deployment&deleted_at=is.null&order=name&limit=1',
      )
    ).json()) as { name: string; tags: { namespace: string } }[];
    await page.getByRole('button', { name: 'Tags' }).click();
    await page
      .getByRole('dialog', { name: 'Filter by tag' })
      .getByRole('combobox', { name: 'namespace' })
      .selectOption(deployment!.tags.namespace);
    await expect(page).toHaveURL(new RegExp(`tags=namespace%3D${deployment!.tags.namespace}`));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Tags' })).toHaveText(
      `namespace=${deployment!.tags.namespace}`,
    );
    await expect(
      table(page, 'Kubernetes::Deployment items').getByRole('link', { name: deployment!.name }).first(),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Catalog pages' }).getByRole('link', { name: 'Scrapers' }),
    ).toHaveCount(0);
    // The old addresses land on the catalog.
    await page.goto('/configs');
    await expect(page).toHaveURL(/\/catalog$/);
    await page.goto('/insights');
    await expect(page).toHaveURL(/\/catalog\/insights$/);
  });
});

test.describe('catalog screens at 390, 1280 and 1920 px', () => {
  test.use({ role: 'admin' });

  test('/catalog, a type, the change feed and an item', async ({ page }) => {
    await expectResponsive(page, '/catalog', (p) => table(p, 'Config types'));
    await expectResponsive(page, '/catalog?configType=Kubernetes::Pod', (p) =>
      table(p, 'Kubernetes::Pod items'),
    );
    await expectResponsive(
      page,
      '/catalog/changes?rangeType=relative&range=now-7d&display=Last+7+days',
      (p) => table(p, 'Config changes'),
    );
    const [item] = (await (
      await page.request.get(
        '/api/db/configs?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id&limit=1',
      )
    ).json()) as { id: string }[];
    await expectResponsive(page, `/catalog/${item!.id}`, (p) => p.getByRole('region', { name: 'Config' }));
  });
});
