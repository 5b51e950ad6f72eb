import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';

const cards = 'article[data-testid="topology-card"]';
const SECTIONS = [
  'Details',
  'Configs',
  'Incidents',
  'Config Changes',
  'Checks',
  'Playbook Runs',
  'Teams',
  'Insights',
];

/** A live component with a config linked by hand, so every side-panel section has something to show. */
async function componentWithManualLink(request: APIRequestContext): Promise<string> {
  const rows = (await (
    await request.get(
      '/api/db/config_component_relationships?selector_id=eq.manual&deleted_at=is.null&select=component_id',
    )
  ).json()) as { component_id: string }[];
  for (const { component_id } of rows) {
    if ((await request.get(`/api/canary/api/topology?id=${component_id}&depth=0`)).ok()) return component_id;
  }
  throw new Error('the demo data has no manually linked component');
}

function panel(page: Page) {
  return page.getByRole('complementary', { name: /^About / });
}

test.describe('topology component page', () => {
  test('zoom into a component and back by breadcrumb', async ({ page }) => {
    await signIn(page, 'viewer', '/topology?sortBy=name&sortOrder=asc');
    // A root Application has services under it.
    const root = page.locator(cards).filter({ hasText: 'Application' }).first();
    const rootName = (await root.getByRole('heading').innerText()).trim();
    await root.getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/topology\/[0-9a-f-]{36}/);
    const rootUrl = page.url();
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs.getByRole('link', { name: 'Topology' })).toHaveAttribute('href', '/topology');
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(rootName);
    await expect(page).toHaveTitle(new RegExp(`^${rootName} \\| `));
    // Headings never skip a level going down (Lighthouse's heading-order: the cards' h3 once came right after the h1).
    await expect(page.locator(cards).first()).toBeVisible();
    const levels = await page
      .locator('h1, h2, h3, h4, h5, h6')
      .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
    expect(
      levels.every((level, i) => i === 0 || level <= (levels[i - 1] as number) + 1),
      `${levels}`,
    ).toBe(true);

    const child = page.locator(cards).first();
    const childName = (await child.getByRole('heading').innerText()).trim();
    await child.getByRole('heading').getByRole('link').click();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(childName);
    await crumbs.getByRole('link', { name: rootName }).click();
    await expect(page).toHaveURL(rootUrl);
    await crumbs.getByRole('link', { name: 'Topology' }).click();
    await expect(page).toHaveURL(/\/topology$/);
  });

  test('side-panel sections load only when expanded, each with its content, empty or unauthorized state', async ({
    page,
  }) => {
    await signIn(page, 'editor', '/topology');
    const id = await componentWithManualLink(page.request);
    const sectionCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/db/') && r.url().includes(id)) sectionCalls.push(r.url());
    });
    await page.goto(`/topology/${id}`);
    await expect(panel(page)).toBeVisible();
    // Give any eager fetch time to show itself before asserting there was none.
    await page.waitForTimeout(2_000);
    expect(sectionCalls).toEqual([]);

    for (const title of SECTIONS) {
      const toggle = panel(page).getByRole('button', { name: title, exact: true });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const region = panel(page).getByRole('region', { name: title });
      await expect(region).toBeVisible();
      await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
      await expect(region).toContainText(/\S/);
    }
    // 001 §9 (issue 37): a percentage property is drawn by the progress bar.
    await expect(
      panel(page).getByRole('region', { name: 'Details' }).getByRole('progressbar', { name: 'disk' }),
    ).toHaveAttribute('aria-valuetext', /^\d+\.\d%$/);
    expect(sectionCalls.length).toBeGreaterThanOrEqual(7);
    // Open sections are in the URL, so a reload (or a shared link) opens them again.
    await expect(page).toHaveURL(/sections=details/);
    await page.reload();
    const insights = panel(page).getByRole('region', { name: 'Insights' });
    await expect(insights).toBeVisible();
    // Insights come from rpc/lookup_analysis_by_component, newest open first, named from config_names (issue 37).
    expect(sectionCalls.some((url) => url.includes('/api/db/rpc/lookup_analysis_by_component?'))).toBe(true);
    const [newest] = (await (
      await page.request.get(
        `/api/db/rpc/lookup_analysis_by_component?id=${id}&status=eq.open&order=first_observed.desc&limit=1&select=config_id,analysis_type`,
      )
    ).json()) as { config_id: string; analysis_type: string }[];
    if (newest) {
      const [config] = (await (
        await page.request.get(`/api/db/config_names?id=eq.${newest.config_id}&select=name`)
      ).json()) as { name: string }[];
      await expect(insights.getByRole('link').first()).toHaveText(
        `${newest.analysis_type} · ${config!.name}`,
      );
    } else await expect(insights).toContainText('No insights found');
  });

  test('checks open the check detail panel of the health screen', async ({ page }) => {
    await signIn(page, 'viewer', '/topology');
    const id = await componentWithManualLink(page.request);
    await page.goto(`/topology/${id}?sections=checks`);
    const region = panel(page).getByRole('region', { name: 'Checks' });
    const link = region.getByRole('link').first();
    await expect(link.or(region.getByText('No checks found'))).toBeVisible();
    if ((await link.count()) > 0)
      await expect(link).toHaveAttribute('href', /^\/health\?checkId=[^&]+&timeRange=1h$/);
  });

  test('an editor links and unlinks a config', async ({ page }) => {
    await signIn(page, 'editor', '/topology');
    const id = await componentWithManualLink(page.request);
    await page.goto(`/topology/${id}?sections=configs`);
    const region = panel(page).getByRole('region', { name: 'Configs' });
    // The section's code loads on demand: count only once its list (this component has a manual link) is there.
    await expect(region.getByRole('listitem').first()).toBeVisible();
    await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
    const before = await region.getByRole('listitem').count();

    await region.getByRole('button', { name: 'Link config' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link a config' });
    await dialog.getByLabel('Search configs').fill('a');
    const linkButton = dialog.getByRole('button', { name: /^Link / }).first();
    await expect(linkButton).toBeVisible();
    const label = (await linkButton.getAttribute('aria-label')) ?? '';
    const configName = label.replace(/^Link /, '');
    await linkButton.click();
    await expect(page.getByText(`Linked ${configName}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(region.getByRole('listitem')).toHaveCount(before + 1);

    await region.getByRole('button', { name: `Unlink ${configName}` }).click();
    await expect(page.getByText(`Unlinked ${configName}`)).toBeVisible();
    await expect(region.getByRole('listitem')).toHaveCount(before);
  });

  test('a viewer sees the configs without link or unlink controls', async ({ page }) => {
    await signIn(page, 'viewer', '/topology');
    const id = await componentWithManualLink(page.request);
    await page.goto(`/topology/${id}?sections=configs`);
    const region = panel(page).getByRole('region', { name: 'Configs' });
    await expect(region.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(region.getByRole('listitem').first()).toBeVisible();
    await expect(region.getByRole('button', { name: 'Link config' })).toHaveCount(0);
    await expect(region.getByRole('button', { name: /^Unlink / })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an unknown component says so', async ({ page }) => {
    await signIn(page, 'viewer', '/topology/00000000-0000-0000-0000-00000000beef');
    await expect(page.getByText('Component not found')).toBeVisible();
  });
});

test.describe('chrome-less card view', () => {
  test('/view/topology/{id} shows one card for a viewer, without the sidebar or the title suffix', async ({
    page,
  }) => {
    await signIn(page, 'viewer', '/topology?sortBy=name&sortOrder=asc');
    const card = page.locator(cards).first();
    const id = await card.getAttribute('data-component-id');
    const name = (await card.getByRole('heading').innerText()).trim();
    await page.goto(`/view/topology/${id}`);
    await expect(page.locator(cards)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(name);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await expect(page.locator(cards).getByRole('heading').getByRole('link')).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/view/topology/00000000-0000-0000-0000-00000000beef');
    await expect(page.getByText('Component not found')).toBeVisible();
  });
});
