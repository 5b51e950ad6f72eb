import { expect, test } from './fixtures';
import { unique } from './helpers';

/**
 * Live console (issue 32): a comment written through the API by one browser context appears on the incident page
 * open in another within 2 s without a reload; with the header's switch off it does not, and the switch is
 * remembered in the browser. The stream's logic is unit-tested (tests/unit/live) and its contract
 * (tests/backend/events-*.test.ts).
 */

test.describe('commander', () => {
  test.use({ role: 'commander' });

  test('an incident comment written elsewhere appears live, and not with live updates switched off', async ({
    page,
    browser,
    storageState,
  }) => {
    const writer = await browser.newContext({
      storageState: storageState as string,
      baseURL: test.info().project.use.baseURL,
    });
    try {
      const incidents = await writer.request.get('/api/db/incidents?select=id&status=eq.open&limit=1');
      expect(incidents.status()).toBe(200);
      const [incident] = (await incidents.json()) as { id: string }[];
      expect(incident).toBeDefined();
      const whoami = (await (await writer.request.get('/api/auth/whoami')).json()) as {
        payload: { user: { id: string } };
      };
      const comment = (text: string) =>
        writer.request.post('/api/db/comments', {
          data: { incident_id: incident!.id, created_by: whoami.payload.user.id, comment: text },
          headers: { 'content-type': 'application/json' },
        });

      await page.goto(`/incidents/${incident!.id}`);
      const comments = page.getByRole('list', { name: 'Comments', exact: true });
      await expect(comments).toBeVisible();
      const live = page.getByRole('switch', { name: 'Live updates' });
      await expect(live).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });

      const first = unique('live comment');
      expect((await comment(first)).status()).toBe(201);
      await expect(comments.getByText(first)).toBeVisible({ timeout: 2000 });

      await live.click();
      await expect(live).toHaveAccessibleName('Live updates: Paused');
      await expect(live).toHaveAttribute('aria-checked', 'false');
      const second = unique('unseen comment');
      expect((await comment(second)).status()).toBe(201);
      await page.waitForTimeout(2000);
      await expect(comments.getByText(second)).toHaveCount(0);

      // The switch is remembered in this browser.
      expect(await page.evaluate(() => window.localStorage.getItem('live-updates'))).toBe('off');
    } finally {
      await writer.close();
    }
  });
});
