import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startRestartRun, unique } from './helpers';

/**
 * Live console (issue 32), what the screens do with changes: the health table's "8s ago" ticks without new data, a
 * wall display's windowed rows follow its screen-sized type at 1920×1080 and 3840×2160, and rows arriving above
 * what a person reads show "N new" instead of moving the list. The stream itself: tests/e2e/live-updates.spec.ts.
 */

test.use({ role: 'admin' });

/** The seconds of an "Ns ago" text, or NaN for any other text. */
const seconds = (text: string | null) => Number(/^(\d+)s ago$/.exec(text ?? '')?.[1] ?? NaN);

test("the health table's transition times tick without new data", async ({ page }) => {
  // A passing check (the last by name: live-updates.spec.ts flips the first) that this test makes fail for a while.
  const found = await page.request.get(
    '/api/db/checks?select=id,name&status=eq.healthy&deleted_at=is.null&order=name.desc&limit=1',
  );
  const [check] = (await found.json()) as { id: string; name: string }[];
  expect(check).toBeDefined();
  const setStatus = (status: string) =>
    page.request.patch(`/api/db/checks?id=eq.${check!.id}`, { data: { status } });
  // A status change sets the check's transition time to now (the schema's trigger): the cell counts seconds.
  expect((await setStatus('unhealthy')).ok()).toBe(true);
  try {
    await page.goto(
      `/health?layout=table&hidePassing=false&groupBy=no-group&query=${encodeURIComponent(check!.name)}`,
    );
    const row = page.locator(`tr[data-row-id="${check!.id}"]`);
    const cell = row.locator('time');
    await expect(cell).toHaveText(/^\d+s ago$/);
    // Paused, nothing refetches the list: only the page's clock can move the text on.
    const live = page.getByRole('switch', { name: /^Live updates/ });
    await expect(live).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });
    await live.click();
    await expect(live).toHaveAttribute('aria-checked', 'false');
    const before = seconds(await cell.textContent());
    await expect
      .poll(async () => seconds(await cell.textContent()), { timeout: 4000 })
      .toBeGreaterThan(before);
    await expect
      .poll(async () => seconds(await cell.textContent()), { timeout: 4000 })
      .toBeGreaterThan(before + 1);
  } finally {
    await setStatus('healthy');
    await page.evaluate(() => window.localStorage.removeItem('live-updates'));
  }
});

for (const viewport of [
  { width: 1920, height: 1080 },
  { width: 3840, height: 2160 },
]) {
  test(`a wall display's windowed table fits its type and reaches its last check at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Every check, one row each, sorted by name: the windowed table of the wall.
    await page.goto('/view/health?layout=table&hidePassing=false&groupBy=no-group&sortBy=name');
    const table = page.getByRole('table', { name: 'Health checks' });
    const box = page.getByRole('region', { name: 'Health checks list' });
    await expect(box).toBeVisible();
    const rowCount = Number(await table.getAttribute('aria-rowcount')) - 1;
    expect(rowCount).toBeGreaterThan(60);
    const rootPx = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    // The wall's type follows the screen (app/globals.css): 1.05vw.
    expect(rootPx).toBeCloseTo(viewport.width * 0.0105, 0);

    const rowAt = (index: number) => table.locator(`tr[aria-rowindex="${index + 1}"]`);
    // Both boxes in one read: the wall's headline may grow meanwhile (another test failing a check) and move the table.
    const expectTextFits = async (row: Locator) => {
      const [rowBox, textBox] = await row.evaluate((el) =>
        [el, el.querySelector('a')!].map((e) => {
          const { top, height } = e.getBoundingClientRect();
          return { top, height };
        }),
      );
      expect(rowBox!.height).toBeGreaterThanOrEqual(textBox!.height);
      expect(textBox!.top).toBeGreaterThanOrEqual(rowBox!.top - 0.5);
      expect(textBox!.top + textBox!.height).toBeLessThanOrEqual(rowBox!.top + rowBox!.height + 0.5);
      return rowBox!.height;
    };
    const rowHeight = await expectTextFits(rowAt(1));
    // The rows grew with the type, and the window's spacers count rows of that height: the box scrolls exactly
    // over every row (with wrong heights it is too short or too long, and the end shows other rows or none).
    expect(rowHeight).toBeGreaterThan(2 * rootPx);
    const headerHeight = (await table.locator('thead').boundingBox())!.height;
    const scrollHeight = await box.evaluate((el) => el.scrollHeight);
    expect(Math.abs(scrollHeight - headerHeight - rowCount * rowHeight)).toBeLessThan(4);

    await box.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const last = rowAt(rowCount);
    await expect(last).toBeVisible();
    await expectTextFits(last);
    const gap = await box.evaluate(
      (el, index) =>
        el.getBoundingClientRect().bottom -
        el.querySelector(`tr[aria-rowindex="${index}"]`)!.getBoundingClientRect().bottom,
      rowCount + 1,
    );
    expect(Math.abs(gap)).toBeLessThan(3);
    // The last row is the last check by name (names in the list's order: English, numbers by value).
    const names = (
      (await (await page.request.get('/api/canary/api/summary')).json()) as {
        checks_summary: { name: string }[];
      }
    ).checks_summary.map((c) => c.name);
    expect(names).toHaveLength(rowCount);
    await expect(last.getByRole('link').first()).toContainText(
      [...names].sort(new Intl.Collator('en', { numeric: true, sensitivity: 'base' }).compare).at(-1)!,
    );
  });
}

/** The y of a row on the screen, with the window's scroll. */
const topOf = async (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => el.getBoundingClientRect().top);

test('runs started above the part of the list being read show "N new" and do not move the list', async ({
  page,
}) => {
  await page.goto('/playbooks/runs');
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  const live = page.getByRole('switch', { name: /^Live updates/ });
  await expect(live).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });
  // Enough rows that the newest are far above what is read (the demo data has a page of runs; top up if not).
  const rows = table.locator('tbody tr[data-row-id]');
  for (let i = await rows.count(); i < 30; i++) await startRestartRun(page.request, unique('filler run'));
  await expect(rows.nth(29)).toBeAttached();

  // Read from the 15th row on: the list's top is out of view.
  const anchor = `tr[data-row-id="${await rows.nth(15).getAttribute('data-row-id')}"]`;
  await page.locator(anchor).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 200));
  const firstRow = `tr[data-row-id="${await rows.first().getAttribute('data-row-id')}"]`;
  expect(await topOf(page, firstRow)).toBeLessThan(0);
  const y = await topOf(page, anchor);

  const added = [
    await startRestartRun(page.request, unique('new run')),
    await startRestartRun(page.request, unique('new run')),
  ];
  const newest = page.locator(`tr[data-row-id="${added[1]}"]`);
  // Within 2 s is live-updates.spec.ts's to check; here what the list does with them, on a busy machine too.
  await expect(newest).toBeAttached({ timeout: 10_000 });
  // At least these two: a test on the other worker may start runs too.
  const notice = page.getByRole('button', { name: /^\d+ new rows above: show$/ });
  await expect(notice).toHaveText(/^\d+ new$/);
  await expect.poll(async () => parseInt((await notice.textContent()) ?? '', 10)).toBeGreaterThanOrEqual(2);
  // The rows came in above: what the person reads stayed where it was.
  expect(Math.abs((await topOf(page, anchor)) - y)).toBeLessThan(2);
  await expect(newest).not.toBeInViewport();

  await notice.click();
  await expect(page.locator(`tr[data-row-id="${added[0]}"]`)).toBeInViewport();
  await expect(notice).toBeHidden();
});
