import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './fixtures';
import { firstCheck, unique } from './helpers';

/**
 * Incidents (issue 17) per role: a commander runs an incident from creation to timeline; a responder links a check
 * from the health panel to a new and to an existing incident; editors, viewers and guests, whom the backend
 * refuses, see Unauthorized and no link action anywhere.
 */

/** Options show a detail after the title (the incident's id, the hypothesis type). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/**
 * Runs axe with the toasts that say `text` open: hovering the toaster keeps them from closing and spreads the stack,
 * and each is checked once sonner has faded it in (axe would blend a half-faded title into the page).
 */
async function axeWithToastOpen(page: Page, text: string) {
  const toaster = page.getByRole('region', { name: /^Notifications/ });
  const toast = toaster.getByRole('listitem').filter({ hasText: text }).first();
  await toast.hover();
  for (const shown of await toaster.locator('[data-sonner-toast][data-removed="false"]').all()) {
    await expect(shown).toHaveCSS('opacity', '1');
  }
  expect(await axeViolations(page)).toEqual([]);
  await expect(toast).toBeVisible();
}

test.describe('commander', () => {
  test.use({ role: 'commander' });

  test('creates an incident, builds hypotheses, edits status and severity, comments, adds a responder and sees it all on the timeline', async ({
    page,
  }) => {
    const title = unique('E2E outage', ' ');
    await page.goto('/incidents');
    await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();
    // Offered what the backend lets a commander read: Incidents, not Logs (admin-only), no notifications bell.
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Incidents' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Logs' })).toHaveCount(0);
    await expect(page.locator('header').getByRole('link', { name: 'Notifications' })).toHaveCount(0);
    // The counts by status (incident_summary, issue 37) come after the load event and set the Status filter.
    const counts = page.getByRole('list', { name: 'Incidents by status' });
    await expect(counts.getByRole('button', { name: /^Open \d+$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(await axeViolations(page)).toEqual([]);
    await counts.getByRole('button', { name: /^Closed \d+$/ }).click();
    await expect(page).toHaveURL(/status=closed/);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('closed');
    await page.getByRole('button', { name: 'Create Incident' }).click();
    const create = page.getByRole('dialog', { name: 'Create Incident' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Severity').selectOption('high');
    await create.getByLabel('Type').selectOption('availability');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The root hypothesis carries the incident's title; add a factor under it and a solution under that.
    const tree = page.getByRole('list', { name: 'Hypothesis tree' });
    await expect(tree.getByText(title, { exact: true })).toBeVisible();
    await tree.getByRole('button', { name: 'Add factor' }).click();
    await page.getByLabel('New factor title').fill('Bad deploy');
    await tree.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(tree.getByText('Bad deploy', { exact: true })).toBeVisible();
    await tree.getByRole('button', { name: 'Add solution' }).click();
    await page.getByLabel('New solution title').fill('Roll back');
    await tree.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(tree.getByText('Roll back', { exact: true })).toBeVisible();
    await tree.getByLabel('Status of Bad deploy').selectOption('likely');
    await expect(tree.getByLabel('Status of Bad deploy')).toHaveValue('likely');

    // Status and severity save and say so.
    await page.getByLabel('Status', { exact: true }).selectOption('investigating');
    await expect(page.getByText('Incident updated successfully').first()).toBeVisible();
    // The page with its success toast open passes axe, in the light theme and (the system's) dark one.
    await axeWithToastOpen(page, 'Incident updated successfully');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByLabel('Severity', { exact: true }).selectOption('critical');
    await expect(page.getByLabel('Severity', { exact: true })).toHaveValue('critical');
    await expect(
      page.getByRole('region', { name: /^Notifications/ }).locator('[data-sonner-toaster]'),
    ).toHaveAttribute('data-sonner-theme', 'dark');
    await axeWithToastOpen(page, 'Incident updated successfully');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByLabel('New comment', { exact: true }).fill('**Rolled back** the deploy');
    await page.getByRole('button', { name: 'Comment', exact: true }).click();
    const comments = page.getByRole('list', { name: 'Comments', exact: true });
    await expect(comments.locator('strong', { hasText: 'Rolled back' })).toBeVisible();
    await expect(comments.getByRole('button', { name: 'Delete comment' })).toBeVisible();

    // A comment on the factor goes to its own thread, not to the incident's comments; its author may delete it.
    await tree.getByRole('button', { name: 'Comments on Bad deploy (0)' }).click();
    const factorBox = page.getByLabel('New comment on Bad deploy');
    const commentOnFactor = async (text: string) => {
      await factorBox.fill(text);
      await factorBox
        .locator('xpath=ancestor::form')
        .getByRole('button', { name: 'Comment', exact: true })
        .click();
    };
    await commentOnFactor('Deploy *4512* touched the pool size');
    const factorThread = page.getByRole('list', { name: 'Comments on Bad deploy' });
    await expect(factorThread.locator('em', { hasText: '4512' })).toBeVisible();
    await expect(comments.getByText('touched the pool size')).toHaveCount(0);
    await commentOnFactor('A second note to delete');
    const second = factorThread.getByRole('listitem').filter({ hasText: 'A second note to delete' });
    await second.getByRole('button', { name: 'Delete comment' }).click();
    await expect(page.getByText('Comment deleted successfully').first()).toBeVisible();
    await expect(factorThread.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Add responder' }).click();
    await page.getByLabel('Responder', { exact: true }).selectOption({ label: 'Responder' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(
      page.getByRole('list', { name: 'Responders' }).getByText('Responder', { exact: true }),
    ).toBeVisible();

    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByText('changed the status to investigating')).toBeVisible();
    await expect(timeline.getByText('changed the severity to critical')).toBeVisible();
    await expect(timeline.getByText('added the hypothesis "Roll back"')).toBeVisible();
    // Two comments are left (the incident's and the factor's; the deleted one's entry goes with it).
    await expect(timeline.getByText('commented')).toHaveCount(2);
    // Each comment entry quotes its text (issue 37), as the other entries show theirs.
    await expect(timeline.getByText('**Rolled back** the deploy')).toBeVisible();
    await expect(timeline.getByText('Deploy *4512* touched the pool size')).toBeVisible();
    await expect(timeline.getByText('added a responder')).toBeVisible();
    await page.getByLabel('Show', { exact: true }).selectOption('severity');
    await expect(timeline.locator('li')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // The list finds it by title once every status is shown.
    await page.goto(`/incidents?status=all&query=${encodeURIComponent(title)}`);
    const row = page.getByRole('table', { name: 'Incidents' }).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Critical');
    await expect(row).toContainText('Investigating');
  });

  test('an unknown incident says so', async ({ page }) => {
    await page.goto('/incidents/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Incident not found')).toBeVisible();
    await page.goto('/incidents/INC-1');
    await expect(page.getByText('Incident not found')).toBeVisible();
  });
});

test.describe('responder', () => {
  test.use({ role: 'responder' });

  test('links a check from the health panel to a new incident and then to an existing one', async ({
    page,
  }) => {
    const check = await firstCheck(page);
    const title = unique('E2E linked', ' ');
    await page.goto(`/health?checkId=${check.id}&timeRange=2h`);
    const panel = page.getByRole('dialog').first();
    await panel.getByRole('button', { name: 'Attach as Evidence' }).click();
    const link = page.getByRole('dialog', { name: 'Link to Incident' });
    const incident = link.getByRole('combobox', { name: 'Incident' });
    await incident.focus();
    await link.getByLabel('Evidence description').focus();
    await expect(link.getByText('Must select or create an incident')).toHaveCount(1);
    await incident.fill(title);
    await link.getByRole('option', { name: `Create new incident "${title}"` }).click();
    await expect(link.getByText('Must select or create an incident')).toHaveCount(0);
    await link.getByLabel('Severity').focus();
    await link.getByLabel('Type').focus();
    await link.getByLabel('Evidence description').focus();
    await expect(link.getByText('Please select incident severity')).toHaveCount(1);
    await expect(link.getByText('Please select an incident type')).toHaveCount(1);
    await expect(link.getByRole('button', { name: 'Link' })).toBeDisabled();
    await link.getByLabel('Severity').selectOption('high');
    await link.getByLabel('Type').selectOption('performance');
    await link.getByLabel('Evidence description').fill('latency over 2 s');
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Linked to incident successfully')).toBeVisible();
    const open = page.getByRole('link', { name: 'Open the incident' });
    await expect(open).toHaveAttribute('href', /\/incidents\/[0-9a-f-]{36}$/);
    const href = (await open.getAttribute('href'))!;

    // Again, to the incident just made: its only hypothesis (the root) is preselected; clearing it asks for one.
    await panel.getByRole('button', { name: 'Attach as Evidence' }).click();
    await link.getByRole('combobox', { name: 'Incident' }).fill(title);
    await link.getByRole('option', { name: startsWith(title) }).click();
    const hypothesis = link.getByRole('combobox', { name: 'Hypothesis' });
    await expect(hypothesis).toHaveValue(title);
    await expect(link.getByLabel('Severity')).toHaveCount(0);
    await link.getByRole('button', { name: 'Clear selection' }).nth(1).click();
    await hypothesis.focus();
    await link.getByLabel('Evidence description').focus();
    await expect(link.getByText('Must select or create a hypothesis')).toHaveCount(1);
    await hypothesis.fill(title.slice(0, 8));
    await link.getByRole('option', { name: startsWith(title) }).click();
    await link.getByRole('button', { name: 'Link' }).click();
    await expect(page.getByText('Linked to incident successfully').first()).toBeVisible();

    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('listitem', { name: /^Evidence: / })).toHaveCount(2);
    await expect(page.getByRole('link', { name: check.name }).first()).toBeVisible();
  });

  test('the topology card menu and component page offer Link to Incident', async ({ page }) => {
    await page.goto('/topology');
    const card = page.locator('article[data-testid="topology-card"]').first();
    const id = await card.getAttribute('data-component-id');
    const name = (await card.getByRole('heading').innerText()).trim();
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Link to Incident' }).click();
    await expect(page.getByRole('dialog', { name: 'Link to Incident' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(`/topology/${id}`);
    await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toBeVisible();
  });
});

for (const role of ['editor', 'viewer', 'guest'] as const) {
  test.describe(role, () => {
    test.use({ role });

    test('is offered no incidents and sees Unauthorized on the incident pages, with no link action', async ({
      page,
    }) => {
      // The backend lets only admins, commanders and responders read incidents: no entry leads there (issue 37).
      await page.goto('/health');
      const sidebar = page.getByRole('navigation', { name: 'Main' });
      await expect(sidebar.getByRole('link', { name: 'Health' })).toBeVisible();
      await expect(sidebar.getByRole('link', { name: 'Incidents' })).toHaveCount(0);
      await expect(sidebar.getByRole('link', { name: 'Logs' })).toHaveCount(0);
      // Opened anyway (a bookmark), the screen says the backend's refusal.
      await page.goto('/incidents');
      await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Incident' })).toHaveCount(0);
      await page.goto('/incidents/00000000-0000-4000-8000-000000000000');
      await expect(page.getByText('You do not have permission to access this page')).toBeVisible();
      // No comment box (on the incident or a hypothesis) for a role that may not post comments.
      await expect(page.getByRole('textbox', { name: /New comment/ })).toHaveCount(0);
      // Guests read no checks at all; editors and viewers open a check panel without a link action.
      if (role === 'guest') return;
      const check = await firstCheck(page);
      await page.goto(`/health?checkId=${check.id}`);
      await expect(page.getByRole('dialog', { name: check.name })).toBeVisible();
      await expect(
        page.getByRole('dialog', { name: check.name }).getByText('Uptime', { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Attach as Evidence' })).toHaveCount(0);
    });
  });
}
