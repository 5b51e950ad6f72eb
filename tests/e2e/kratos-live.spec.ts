import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openIncidentCommenter, startRestartRun, unique } from './helpers';
import { KRATOS_CONTROL, kratosSignIn } from './kratos';

/**
 * Live updates (issue 32) against a backend the console reaches over HTTP (Kratos mode: the stand-in in front of the
 * embedded backend, tests/kratos-server/main.ts): the stream survives a real restart of that backend — every
 * connection dropped, the database closed and opened again, a new boot id — and catches up on what was written while
 * it was down; a backend without /events (404) is not an error: the tab polls at the screen's refresh rate instead.
 */

async function backend(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${KRATOS_CONTROL}/backend`, { data: body });
  expect(response.ok()).toBe(true);
}

const liveSwitch = (page: Page) => page.getByRole('switch', { name: /^Live updates/ });

test.beforeEach(async ({ request }) => {
  expect((await request.post(`${KRATOS_CONTROL}/reset`)).ok()).toBe(true);
});
// A test that fails half way must not leave the backend stopped for the next spec (reset starts it again).
test.afterEach(async ({ request }) => {
  await request.post(`${KRATOS_CONTROL}/reset`);
});

test('the stream survives a backend restart and catches up on a comment written while it was down', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await kratosSignIn(page, '/incidents');
  await expect(page).toHaveURL(/\/incidents/);
  // The writer is another browser, signed in on its own.
  const writerContext = await browser.newContext({ baseURL });
  try {
    const writer = await writerContext.newPage();
    await kratosSignIn(writer, '/incidents');
    await expect(writer).toHaveURL(/\/incidents/);
    const { incidentId, comment: write } = await openIncidentCommenter(writer.request);
    const comment = async (text: string) => expect((await write(text)).status()).toBe(201);

    await page.goto(`/incidents/${incidentId}`);
    const comments = page.getByRole('list', { name: 'Comments', exact: true });
    await expect(comments).toBeVisible();
    await expect(liveSwitch(page)).toHaveAttribute('data-live-status', 'live', { timeout: 15_000 });
    const before = unique('before restart');
    await comment(before);
    await expect(comments.getByText(before)).toBeVisible({ timeout: 2000 });

    // The backend goes away: the open stream drops and the indicator says so.
    await backend(request, { action: 'stop', events: 'failing' });
    await expect(liveSwitch(page)).toHaveAccessibleName(/Live updates: (Reconnecting|Polling)/, {
      timeout: 10_000,
    });
    // Back on the same data, its stream still failing: a comment written now reaches no open stream, and this page
    // does not poll, so it can only arrive by the catch-up.
    await backend(request, { action: 'start' });
    const during = unique('while down');
    await comment(during);
    await page.waitForTimeout(1500);
    await expect(comments.getByText(during)).toHaveCount(0);

    // The stream is back: the tab reconnects (from its last id, which the new boot answers with a reset) and refetches.
    await backend(request, { events: 'served' });
    await expect(comments.getByText(during)).toBeVisible({ timeout: 45_000 });
    await expect(liveSwitch(page)).toHaveAttribute('data-live-status', 'live', { timeout: 10_000 });
    const after = unique('after restart');
    await comment(after);
    await expect(comments.getByText(after)).toBeVisible({ timeout: 2000 });
  } finally {
    await writerContext.close();
  }
});

test('a backend without /events: the tab says Polling, asks once, and the list refreshes at its rate', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await backend(request, { events: 'absent' });
  const streamRequests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streamRequests.push(r.url());
  });
  await kratosSignIn(page, '/playbooks/runs?refresh=15s');
  await expect(page).toHaveURL(/\/playbooks\/runs/);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(liveSwitch(page)).toHaveAccessibleName('Live updates: Polling', { timeout: 15_000 });
  await expect(liveSwitch(page)).toHaveAttribute('data-live-status', 'polling');

  const runId = await startRestartRun(page.request, unique('polled run'));
  // No stream: the run arrives with the list's next 15 s refresh, not the stream.
  await expect(page.locator(`tr[data-row-id="${runId}"]`)).toBeVisible({ timeout: 20_000 });
  // The stream was tried once (and probed once to tell a 404 from a network error), not again every few seconds.
  expect(streamRequests.length).toBeLessThanOrEqual(2);
});
