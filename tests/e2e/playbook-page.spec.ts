import { expect, test } from './fixtures';

/**
 * Issue 37 (001 §2.2): /playbooks/{id}, opened from its card on /playbooks, with its parameters, its spec (read-only)
 * and its runs; Run for who may run playbooks (editor). One test: CI's time is at its ceiling, so no axe pass here
 * and no second sign-in: the viewer's and guest's gate (the page, without Run) is in the unit tests
 * (tests/unit/auth/middleware.test.ts: registry × roles; tests/unit/playbooks/playbook-page.test.tsx: no Run).
 */
test.describe('a playbook page', () => {
  test.use({ role: 'editor' });

  test('editor opens it from /playbooks and sees parameters, spec, runs and Run', async ({ page }) => {
    await page.goto('/playbooks');
    await page.getByRole('link', { name: 'Restart deployment', exact: true }).click();
    await expect(page).toHaveURL(/\/playbooks\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Restart deployment', level: 2 })).toBeVisible();

    const params = page.getByRole('table', { name: 'Parameters' });
    await expect(params.getByRole('row')).toHaveCount(4);
    await expect(params.getByRole('row', { name: /Replicas/ })).toContainText('text (number)');

    const runs = page.getByRole('table', { name: 'Playbook runs' });
    await expect(runs).toBeVisible();
    // The one runs list, fixed to this playbook: no playbook filter, only this playbook's runs.
    await expect(page.getByRole('combobox', { name: 'Playbook' })).toHaveCount(0);
    const playbookCells = runs.locator('tbody tr td:first-child');
    await expect(playbookCells.first()).toHaveText('Restart deployment');
    expect(new Set(await playbookCells.allTextContents())).toEqual(new Set(['Restart deployment']));

    await page.getByText('Spec', { exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Playbook spec' })).toContainText('rollout restart');

    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
