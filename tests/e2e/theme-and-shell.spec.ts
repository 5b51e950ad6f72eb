import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';

/**
 * Issue 37, the shell's part: the dark theme really changes the page (body and dialogs, 'system' included), the
 * header's buttons sit at one place on every page, the phone drawer closes on Escape, no avatar is fetched from
 * another host, the run page hydrates without a mismatch, and every time follows the date format and zone chosen.
 */

/** WCAG relative luminance of an element's computed background (read back through a canvas, whatever its notation). */
function backgroundLuminance(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const colour = getComputedStyle(element).backgroundColor;
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d')!;
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    const channel = (c: number) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  });
}

const DARK = 0.05;
const LIGHT = 0.8;

async function chooseTheme(page: Page, theme: 'System' | 'Light' | 'Dark') {
  await page.locator('header').getByRole('button', { name: 'Preferences' }).click();
  await page.getByLabel('Theme').selectOption({ label: theme });
  await page.keyboard.press('Escape');
}

async function db<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const response = await request.get(`/api/db/${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T[];
}

test.describe('theme', () => {
  test.use({ role: 'admin' });

  test('Dark turns /health and its dialogs dark, on the spot and on the next server paint, at AA contrast', async ({
    page,
  }) => {
    await page.goto('/health');
    const body = page.locator('body');
    expect(await backgroundLuminance(body)).toBeGreaterThan(LIGHT);

    await chooseTheme(page, 'Dark');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect.poll(() => backgroundLuminance(body)).toBeLessThan(DARK);

    // The cookie keeps it: the server's first paint is dark too.
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await backgroundLuminance(body)).toBeLessThan(DARK);
    await expect(page.getByRole('table', { name: 'Health checks' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A dialog (the user menu's kubeconfig dialog) is dark as well.
    await page
      .locator('header')
      .getByRole('button', { name: /^User menu for / })
      .click();
    await page.getByRole('menuitem', { name: 'Download kubeconfig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download and install kubeconfig' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => backgroundLuminance(dialog)).toBeLessThan(DARK);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("'System' follows the operating system's colour scheme", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/health');
    await chooseTheme(page, 'System');
    const body = page.locator('body');
    await expect.poll(() => backgroundLuminance(body)).toBeLessThan(DARK);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => backgroundLuminance(body)).toBeGreaterThan(LIGHT);
  });

  test('reduced motion: animations and transitions end at once when the system asks for less motion', async ({
    page,
  }) => {
    await page.goto('/health');
    const durations = () =>
      page.locator('body').evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.transitionDuration, style.animationDuration];
      });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await durations()).toEqual(['1e-05s', '1e-05s']);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await durations()).toEqual(['0s', '0s']);
  });
});

test.describe('header', () => {
  test.use({ role: 'admin', viewport: { width: 1280, height: 800 } });

  test('keeps its buttons at the same place on pages with and without their own controls', async ({
    page,
  }) => {
    const edges: Record<string, number> = {};
    for (const path of ['/health', '/topology', '/incidents', '/catalog', '/playbooks', '/settings/users']) {
      await page.goto(path);
      const help = page.locator('header').getByRole('button', { name: 'Help' });
      await expect(help).toBeVisible();
      const box = (await help.boundingBox())!;
      edges[path] = Math.round(box.x + box.width);
    }
    const first = Object.values(edges)[0]!;
    expect(edges).toEqual(Object.fromEntries(Object.keys(edges).map((path) => [path, first])));
    // At the right edge (the header's padding and the user menu after Help).
    expect(first).toBeGreaterThan(1280 - 120);
  });
});

test.describe('navigation drawer on a phone', () => {
  test.use({ role: 'viewer', viewport: { width: 390, height: 844 } });

  test('opens from the menu button and closes on Escape, focus back on the button', async ({ page }) => {
    await page.goto('/health');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const open = page.getByRole('button', { name: 'Open menu' });
    await expect(nav).toBeHidden();
    await open.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Health' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('avatars', () => {
  test.use({ role: 'admin' });

  test('are never fetched from another host, even when people carry such addresses', async ({
    page,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url);
    });
    // Give every person a picture on a third-party host (as a real backend may store), and put it back after.
    const people = await db<{ id: string; avatar: string | null }>(
      page.request,
      'people?select=id,avatar&deleted_at=is.null',
    );
    const patch = (avatar: string | null, ids: string[]) =>
      page.request.patch(`/api/db/people?id=in.(${ids.join(',')})`, { data: { avatar } });
    const ids = people.filter((p) => p.avatar === null).map((p) => p.id);
    expect(ids.length).toBeGreaterThan(0);
    expect((await patch('https://avatars.third-party.example/a.png', ids)).ok()).toBe(true);
    try {
      for (const path of ['/incidents?status=all', '/settings/permissions', '/settings/connections']) {
        await page.goto(path);
        await expect(page.getByRole('table').first()).toBeVisible();
      }
      await page
        .locator('header')
        .getByRole('button', { name: /^User menu for / })
        .click();
      await expect(page.getByRole('menuitem', { name: 'Download kubeconfig' })).toBeVisible();
      await expect(page.locator('img[src*="third-party"]')).toHaveCount(0);
    } finally {
      await patch(null, ids);
    }
    expect(foreign).toEqual([]);
  });
});

test.describe('run page', () => {
  test.use({ role: 'admin' });

  test('hydrates a running run without a mismatch', async ({ page }) => {
    const [running] = await db<{ id: string }>(
      page.request,
      'playbook_runs?status=eq.running&parent_id=is.null&select=id&order=created_at.desc&limit=1',
    );
    const [any] = await db<{ id: string }>(
      page.request,
      'playbook_runs?parent_id=is.null&select=id&order=created_at.desc&limit=1',
    );
    const id = (running ?? any)!.id;
    const problems: string[] = [];
    const hydration = /hydrat|did not match|didn't match|#418|#423|#425/i;
    page.on('console', (message) => {
      if (message.type() === 'error' && hydration.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => {
      if (hydration.test(error.message)) problems.push(error.message);
    });
    await page.goto(`/playbooks/runs/${id}`);
    await expect(page.getByRole('heading', { name: 'Actions' })).toBeVisible();
    await page.waitForLoadState('load');
    // Hydration happens after the scripts load; give React time to report.
    await page.waitForTimeout(1500);
    expect(problems).toEqual([]);
  });
});

test.describe('times', () => {
  test.use({ role: 'viewer' });

  test('follow the chosen date format and zone on a screen that passes none, and say their zone', async ({
    page,
  }) => {
    const [item] = await db<{ id: string; created_at: string }>(
      page.request,
      'configs?select=id,created_at&deleted_at=is.null&order=created_at.asc&limit=1',
    );
    await page.goto(`/catalog/${item!.id}`);
    await page.locator('header').getByRole('button', { name: 'Preferences' }).click();
    await page.getByLabel('Date time format').selectOption('full');
    await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
    await page.keyboard.press('Escape');

    const created = page
      .getByRole('term')
      .filter({ hasText: /^Created$/ })
      .locator('xpath=following-sibling::dd[1]//time');
    await created.hover();
    // The oldest item is weeks old: its date in the 'full' form, in Tokyo's time, the zone named in the tooltip.
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(item!.created_at));
    await expect(created).toHaveText(new RegExp(`^${expected} \\d\\d:\\d\\d:\\d\\d\\.\\d{3}$`));
    await expect(created).toHaveAttribute('title', / Asia\/Tokyo$/);

    // The next server paint uses them as well.
    await page.reload();
    await expect(created).toHaveText(new RegExp(`^${expected} `));
  });
});
