import type { APIRequestContext, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { unique } from './helpers';

/**
 * Issue 38: an admin builds and publishes a status page of two components and a check group; a signed-out visitor
 * sees it (also with JavaScript off); a failing check turns its entry within the cache time; a public incident and
 * its update appear while an internal one never does; unpublishing removes the page.
 */

interface Targets {
  components: { id: string; incident: string }[];
  /** The check group with the fewest checks, and its checks' statuses to restore. */
  canary: { id: string; checks: { id: string; status: string | null }[] };
  internalTitle: string;
}

async function findTargets(request: APIRequestContext): Promise<Targets> {
  const links = (await (
    await request.get('/api/db/incidents_by_component?select=id,component_id,title&order=component_id.asc')
  ).json()) as { id: string; component_id: string; title: string }[];
  const first = links[0]!;
  const second = links.find((l) => l.component_id !== first.component_id && l.id !== first.id)!;
  const checks = (await (
    await request.get('/api/db/checks?select=id,canary_id,status&deleted_at=is.null&order=id.asc')
  ).json()) as { id: string; canary_id: string; status: string | null }[];
  const byCanary = new Map<string, typeof checks>();
  for (const c of checks) byCanary.set(c.canary_id, [...(byCanary.get(c.canary_id) ?? []), c]);
  const [canaryId, group] = [...byCanary].sort((a, b) => a[1].length - b[1].length)[0]!;
  return {
    components: [
      { id: first.component_id, incident: first.id },
      { id: second.component_id, incident: second.id },
    ],
    canary: { id: canaryId, checks: group.map((c) => ({ id: c.id, status: c.status })) },
    internalTitle: second.title,
  };
}

async function addEntry(
  page: Page,
  kind: 'component' | 'check group',
  index: number,
  target: string,
  name: string,
  section: string,
) {
  await page
    .getByRole('button', { name: kind === 'component' ? 'Add component' : 'Add check group' })
    .click();
  const entry = page.getByRole('group', { name: `Entry ${index}` });
  await entry
    .getByLabel(kind === 'component' ? 'Component (internal name)' : 'Check group (internal name)')
    .selectOption(target);
  await entry.getByLabel('Public name').fill(name);
  await entry.getByLabel('Section').fill(section);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('status page', () => {
  test.use({ role: 'admin' });

  test('admin publishes a page; the public sees it without sign-in and JavaScript; unpublish removes it', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const t = await findTargets(page.request);
    const slug = unique('e2e-status').toLowerCase();
    const name = `E2E status ${slug}`;

    // Settings → Status Page, then a new page of two components and a check group under public names.
    await page.goto('/settings/status-page');
    await expect(page.getByRole('link', { name: 'Add Status Page' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Add Status Page' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await expect(page.getByLabel('Address (slug)')).toHaveValue(/^e2e-status-/);
    await page.getByLabel('Address (slug)').fill(slug);
    await addEntry(page, 'component', 1, t.components[0]!.id, 'Checkout', 'Core');
    await addEntry(page, 'component', 2, t.components[1]!.id, 'Payments', 'Core');
    await addEntry(page, 'check group', 3, t.canary.id, 'Website', 'Probes');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `${name} created successfully`)).toBeVisible();
    await page.waitForURL(/\/settings\/status-page\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(toast(page, `${name} published`)).toBeVisible();

    // The commander's (here the admin's) public notice on the incident page: public title and one update.
    await page.goto(`/incidents/${t.components[0]!.incident}`);
    const notice = page.getByRole('region', { name: 'Public status' });
    await expect(notice.getByText(/Appears on:/)).toBeVisible();
    await notice.getByLabel('Show on status pages').check();
    await notice.getByLabel('Public title').fill('Checkout is slow for some customers');
    await notice.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'The incident is public')).toBeVisible();
    await notice.getByLabel('Update status').selectOption('identified');
    await notice
      .getByRole('textbox', { name: 'Public update', exact: true })
      .fill('We found the cause and are rolling back.');
    await notice.getByRole('button', { name: 'Post update' }).click();
    await expect(toast(page, 'Public update posted')).toBeVisible();

    // A signed-out visitor with JavaScript off.
    const offline = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const visitor = await offline.newPage();
    const response = await visitor.goto(`/status/${slug}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(await visitor.locator('script').count()).toBe(0);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    for (const entry of ['Checkout', 'Payments', 'Website'])
      await expect(visitor.getByText(entry, { exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: 'Active incidents' })).toBeVisible();
    await expect(visitor.getByText('Checkout is slow for some customers')).toBeVisible();
    await expect(visitor.getByText('We found the cause and are rolling back.')).toBeVisible();
    await expect(visitor.getByText(t.internalTitle)).toHaveCount(0);
    const html = await response!.text();
    expect(html).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);

    // The JSON and the Atom feed of the same page.
    const json = (await (await visitor.request.get(`/status/${slug}.json`)).json()) as {
      page: { name: string };
    };
    expect(json.page.name).toBe(name);
    const feed = await visitor.request.get(`/status/${slug}/feed.xml`);
    expect(feed.headers()['content-type']).toContain('application/atom+xml');
    expect(await feed.text()).toContain('Checkout is slow for some customers');

    // Accessible, read with JavaScript on (axe runs as a script).
    const online = await browser.newContext({ baseURL });
    const reader = await online.newPage();
    await reader.goto(`/status/${slug}`);
    expect(await axeViolations(reader)).toEqual([]);

    // The group's checks fail: the entry turns to an outage within the cache time (2 s here, 5 s at the backend).
    const failed = await page.request.patch(`/api/db/checks?canary_id=eq.${t.canary.id}&deleted_at=is.null`, {
      data: { status: 'unhealthy' },
    });
    expect(failed.ok()).toBe(true);
    try {
      await expect
        .poll(
          async () => {
            const body = (await (await reader.request.get(`/status/${slug}.json`)).json()) as {
              sections: { entries: { name: string; status?: string }[] }[];
            };
            return body.sections.flatMap((s) => s.entries).find((e) => e.name === 'Website')?.status;
          },
          { timeout: 45_000, intervals: [2_000] },
        )
        .toBe('outage');
    } finally {
      for (const status of ['healthy', 'unhealthy']) {
        const ids = t.canary.checks.filter((c) => c.status === status).map((c) => c.id);
        if (ids.length)
          await page.request.patch(`/api/db/checks?id=in.(${ids.join(',')})`, { data: { status } });
      }
      const unknown = t.canary.checks.filter((c) => c.status === null).map((c) => c.id);
      if (unknown.length)
        await page.request.patch(`/api/db/checks?id=in.(${unknown.join(',')})`, { data: { status: null } });
    }

    // Unpublish: the page is gone at once (the visitor's browser keeps its copy no longer than the console's 2 s).
    await page.goto('/settings/status-page');
    await page.getByRole('button', { name: `Unpublish ${name}` }).click();
    await expect(toast(page, `${name} unpublished`)).toBeVisible();
    const gone = await visitor.goto(`/status/${slug}`);
    expect(gone?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'Status page not found' })).toBeVisible();

    // Clean up what other specs might see.
    await page.request.put(`/api/status-page/incidents/${t.components[0]!.incident}`, {
      data: { public: false },
    });
    await offline.close();
    await online.close();
  });

  test('answers unknown slugs and huge query strings clearly', async ({ request }) => {
    const unknown = await request.get('/status/no-such-page');
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('Status page not found');
    const huge = await request.get(`/status/no-such-page?q=${'x'.repeat(3000)}`);
    expect(huge.status()).toBe(414);
  });
});
