import type { Page } from '@playwright/test';
import { axeViolations, expect, signIn, test } from './fixtures';

/** Issue 20: permissions, users, team members and agents per role. */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function toast(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
}

test.describe('settings as admin', () => {
  test.use({ role: 'admin' });

  test('a deny on a playbook for a person is enforced on their next request; edit and delete it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/settings/permissions');
    const html = await (await page.request.get('/settings/permissions')).text();
    expect(html).toContain('<table');
    await expect(page.getByRole('table', { name: 'Permissions' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The editor may run the playbook by their role; the proxy and the backend let them.
    // A context of its own without the admin's cookies (the test's storage state would otherwise apply).
    const editor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const editorPage = await editor.newPage();
    await signIn(editorPage, 'editor');
    const playbook = (
      (await (
        await editorPage.request.get('/api/db/playbook_names?name=eq.restart-deployment&select=id')
      ).json()) as { id: string }[]
    )[0]!.id;
    const deployment = (
      (await (
        await editorPage.request.get(
          '/api/db/config_items?type=eq.Kubernetes::Deployment&deleted_at=is.null&select=id&order=name&limit=1',
        )
      ).json()) as { id: string }[]
    )[0]!.id;
    const run = () =>
      editorPage.request.post('/api/playbook/run', {
        data: { id: playbook, config_id: deployment, params: { reason: 'e2e permission' } },
      });

    await page.getByRole('button', { name: 'Add Permission' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Permission' });
    await dialog.getByText('Person', { exact: true }).click();
    await dialog
      .getByRole('combobox', { name: 'Person' })
      .selectOption({ label: 'Editor (editor@demo.local)' });
    await dialog.getByText('Playbook', { exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Playbook' }).selectOption({ label: 'Restart deployment' });
    await dialog.getByRole('combobox', { name: 'Action' }).selectOption('playbook:run');
    await dialog.getByRole('checkbox', { name: 'Deny' }).check();
    const description = `e2e deny ${unique()}`;
    await dialog.getByLabel('Description').fill(description);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission added');
    const row = page.getByRole('row').filter({ hasText: description });
    await expect(row).toContainText('Editor');
    await expect(row).toContainText('Playbook: Restart deployment');
    await expect(row).toContainText('Deny');
    expect((await run()).status()).toBe(403);

    await row.click();
    const edit = page.getByRole('dialog', { name: 'Edit Permission' });
    await edit.getByLabel('Description').fill(`${description} edited`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission updated');
    await page
      .getByRole('row')
      .filter({ hasText: `${description} edited` })
      .click();
    await page
      .getByRole('dialog', { name: 'Edit Permission' })
      .getByRole('button', { name: 'Delete' })
      .click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Are you sure you want to delete the permission?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Permission deleted');
    await expect(page.getByRole('row').filter({ hasText: description })).toHaveCount(0);
    expect((await run()).status()).toBe(201);
    await editor.close();

    // Issue 37: a permission on a check (spec 000 §3) with an object selector (001 §3.6); the table's tags and agents.
    const table = page.getByRole('table', { name: 'Permissions' });
    for (const column of ['Tags', 'Agents'])
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Demo permission 16' })).toContainText('prod');
    const check = (
      (await (await page.request.get('/api/db/check_names?select=id,name&order=name&limit=1')).json()) as {
        name: string;
      }[]
    )[0]!.name;
    await page.getByRole('button', { name: 'Add Permission' }).click();
    const add = page.getByRole('dialog', { name: 'Add Permission' });
    const team = (
      (await (
        await page.request.get('/api/db/teams?select=name&deleted_at=is.null&order=name&limit=1')
      ).json()) as {
        name: string;
      }[]
    )[0]!.name;
    await add.getByRole('combobox', { name: 'Team' }).selectOption({ label: team });
    await add.getByText('Check', { exact: true }).click();
    await add.getByRole('combobox', { name: 'Check' }).fill(check);
    await add.getByRole('option').filter({ hasText: check }).first().click();
    await add.getByRole('combobox', { name: 'Action' }).selectOption('read');
    const selector = add.getByRole('textbox', { name: 'Object selector' });
    await selector.fill('teams: [{name: sre}]');
    await add.getByLabel('Description').focus();
    await expect(add.getByText(/^Unknown resource kind "teams"/)).toBeVisible();
    await expect(add.getByRole('button', { name: 'Save' })).toBeDisabled();
    await selector.fill('playbooks: [{name: "restart-*"}]');
    const checkDescription = `e2e check ${unique()}`;
    await add.getByLabel('Description').fill(checkDescription);
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission added');
    const checkRow = table.getByRole('row').filter({ hasText: checkDescription });
    await expect(checkRow).toContainText(`Check: ${check}`);
    await expect(checkRow).toContainText('playbooks: name=restart-*');
    await checkRow.click();
    const editCheck = page.getByRole('dialog', { name: 'Edit Permission' });
    await expect(editCheck.getByRole('textbox', { name: 'Object selector' })).toContainText('restart-*');
    await editCheck.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Permission deleted');
    await expect(table.getByRole('row').filter({ hasText: checkDescription })).toHaveCount(0);
  });

  test("a permission's tags and agents (spec 001 §3.6): added in the dialog, shown in the list, edited away", async ({
    page,
  }) => {
    const agent = (
      (await (
        await page.request.get(
          '/api/db/agents?select=name&deleted_at=is.null&id=neq.00000000-0000-0000-0000-000000000000&order=name&limit=1',
        )
      ).json()) as { name: string }[]
    )[0]!.name;
    const team = (
      (await (
        await page.request.get('/api/db/teams?select=name&deleted_at=is.null&order=name&limit=1')
      ).json()) as { name: string }[]
    )[0]!.name;
    await page.goto('/settings/permissions');
    const table = page.getByRole('table', { name: 'Permissions' });
    await expect(table).toBeVisible();

    await page.getByRole('button', { name: 'Add Permission' }).click();
    const add = page.getByRole('dialog', { name: 'Add Permission' });
    await add.getByRole('combobox', { name: 'Team' }).selectOption({ label: team });
    await add.getByText('Global', { exact: true }).click();
    await add.getByRole('combobox', { name: 'Object' }).selectOption('catalog');
    await add.getByRole('combobox', { name: 'Action' }).selectOption('read');
    const tagValue = `v${unique()}`;
    await add.getByRole('button', { name: 'Add tag' }).click();
    await add.getByRole('textbox', { name: 'Key 1' }).fill('e2e');
    await add.getByRole('textbox', { name: 'Value 1' }).fill(tagValue);
    await add.getByRole('button', { name: /^Agents/ }).click();
    await page.getByRole('group', { name: 'Agents' }).getByRole('checkbox', { name: agent }).check();
    await page.keyboard.press('Escape');
    const description = `e2e tags ${unique()}`;
    await add.getByLabel('Description').fill(description);
    await add.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission added');
    const row = table.getByRole('row').filter({ hasText: description });
    await expect(row.getByRole('list', { name: 'Tags' })).toContainText(`e2e${tagValue}`);
    await expect(row).toContainText(agent);

    await row.click();
    const edit = page.getByRole('dialog', { name: 'Edit Permission' });
    await expect(edit.getByRole('textbox', { name: 'Value 1' })).toHaveValue(tagValue);
    await edit.getByRole('button', { name: 'Remove row 1' }).click();
    await edit.getByRole('button', { name: `Remove ${agent}` }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Permission updated');
    await expect(row.getByRole('list', { name: 'Tags' })).toHaveCount(0);
    await expect(row).not.toContainText(agent);

    await row.click();
    await page
      .getByRole('dialog', { name: 'Edit Permission' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Permission deleted');
    await expect(row).toHaveCount(0);
  });

  test('invites a user and sees the invite link', async ({ page }) => {
    await page.goto('/settings/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toBeVisible();
    for (const column of ['Name', 'Email', 'Roles', 'State', 'Created At', 'Actions'])
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const id = unique();
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('First name').fill('Ivy');
    await dialog.getByLabel('Last name').fill(`Invitee${id}`);
    await dialog.getByLabel('Email').fill(`ivy.${id}@example.com`);
    await dialog.getByLabel('Role').selectOption('responder');
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const link = page.getByRole('dialog', { name: 'Invite Link' });
    await expect(link.getByLabel('Invite link')).toHaveValue(/\/login\?invite=[0-9a-f-]{36}$/);
    await expect(link.getByRole('button', { name: 'Copy to clipboard' })).toBeVisible();
    await link.getByRole('button', { name: 'Done' }).click();
    const row = table.getByRole('row').filter({ hasText: `ivy.${id}@example.com` });
    await expect(row).toContainText('responder');
    // The identity's state says when it last changed (spec 000 §3 state_changed_at): just now, at the invite.
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^active · changed (\d+[sm] ago|in \d+s)$/);

    await row.getByRole('button', { name: `Edit Ivy Invitee${id}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Ivy Invitee${id}` });
    await edit.getByLabel('First name').fill('Ivo');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, `Ivo Invitee${id} updated successfully`);
    await table
      .getByRole('row')
      .filter({ hasText: `ivy.${id}@example.com` })
      .getByRole('button', { name: `Delete Ivo Invitee${id}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, `Ivo Invitee${id} deleted successfully`);
    await expect(table.getByRole('row').filter({ hasText: `ivy.${id}@example.com` })).toHaveCount(0);
  });

  test('adds an agent and sees the Helm command with its token once', async ({ page }) => {
    await page.goto('/settings/agents');
    const table = page.getByRole('table', { name: 'Agents' });
    await expect(table).toBeVisible();
    for (const column of [
      'Name',
      'Configs',
      'Checks',
      'Scrapers',
      'Playbook Runs',
      'Status',
      'Last Pushed',
      'Created At',
      'Updated At',
      'Created By',
    ]) {
      await expect(table.getByRole('columnheader', { name: column })).toBeVisible();
    }
    expect(await axeViolations(page)).toEqual([]);
    const name = `e2e-agent-${unique()}`;
    await page.getByRole('button', { name: 'Add Agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Agent' });
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByLabel('Schedule')).toHaveValue('30m');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const install = page.getByRole('dialog', { name: 'Install Agent' });
    const command = install.getByLabel('Helm command');
    await expect(command).toContainText('helm install mc-agent flanksource/mission-control-agent');
    await expect(command).toContainText(`--set upstream.agentName="${name}"`);
    await expect(command).toContainText(/upstream\.password="[^"]{16,}"/);
    await install.getByRole('button', { name: 'Done' }).click();

    await table.getByRole('row').filter({ hasText: name }).click();
    await expect(page).toHaveURL(/[?&]id=/);
    const agent = page.getByRole('dialog', { name });
    await expect(agent.getByLabel('Name')).toBeDisabled();
    await agent.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('checkbox').check();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, `${name} deleted successfully`);
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expect(table.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });

  test("adds a person to a team and removes them from that team only; the team's permissions are a tab", async ({
    page,
  }) => {
    const api = async <T>(path: string): Promise<T> => {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(200);
      return (await response.json()) as T;
    };
    const teams = await api<{ id: string; name: string }[]>(
      '/api/db/teams?select=id,name&deleted_at=is.null&order=name.asc',
    );
    const people = await api<{ id: string; name: string | null }[]>(
      '/api/db/people?select=id,name&deleted_at=is.null&order=name.asc',
    );
    const memberships = await api<{ team_id: string; person_id: string }[]>(
      '/api/db/team_members?select=team_id,person_id',
    );
    const teamsOf = (personId: string, rows: { team_id: string; person_id: string }[]) =>
      rows
        .filter((m) => m.person_id === personId)
        .map((m) => m.team_id)
        .sort();
    // Preferably someone already in another team, so that removing them here must leave that membership alone.
    // A name no other person's name contains, so that the picker's checkbox and the member row are one match each.
    const distinct = people.filter(
      (p) => p.name && people.every((o) => o.id === p.id || !o.name?.includes(p.name!)),
    );
    const candidates = teams.flatMap((team) =>
      distinct
        .filter((p) => !teamsOf(p.id, memberships).includes(team.id))
        .map((person) => ({ team, person })),
    );
    const pick = candidates.find(({ person }) => teamsOf(person.id, memberships).length > 0) ?? candidates[0];
    expect(pick).toBeTruthy();
    const { team, person } = pick!;
    const before = teamsOf(person.id, memberships);

    await page.goto(`/settings/teams/${team.id}?tab=members`);
    const members = page.getByRole('table', { name: 'Team members' });
    await page.getByRole('button', { name: 'Add users' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add users' });
    await dialog.getByRole('button', { name: /Users/ }).click();
    await page.getByRole('checkbox', { name: person.name! }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, `${person.name} added to the team successfully`);
    await expect(members.getByRole('row').filter({ hasText: person.name! })).toBeVisible();
    expect(teamsOf(person.id, await api('/api/db/team_members?select=team_id,person_id'))).toEqual(
      [...before, team.id].sort(),
    );

    await members
      .getByRole('row')
      .filter({ hasText: person.name! })
      .getByRole('button', { name: 'Remove' })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Remove member' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await toast(page, `${person.name} removed from team successfully`);
    await expect(members.getByRole('row').filter({ hasText: person.name! })).toHaveCount(0);
    expect(teamsOf(person.id, await api('/api/db/team_members?select=team_id,person_id'))).toEqual(before);

    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page).toHaveURL(/tab=permissions/);
    await expect(page.getByRole('toolbar', { name: 'Permissions' })).toBeVisible();
  });
});

for (const role of ['editor', 'commander', 'responder', 'viewer', 'guest'] as const) {
  test.describe(`settings as ${role}`, () => {
    test.use({ role });

    test('Unauthorized on users; no write buttons on permissions and agents', async ({ page }) => {
      await page.goto('/settings/users');
      await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toContainText(
        'You do not have permission to access this page',
      );
      await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);

      for (const path of ['/settings/permissions', '/settings/agents']) {
        await page.goto(path);
        await expect(page.getByRole('alert').filter({ hasText: 'Unauthorized' })).toBeVisible();
      }
      await expect(page.getByRole('button', { name: 'Add Agent' })).toHaveCount(0);
      await page.goto('/settings/permissions');
      await expect(page.getByRole('button', { name: 'Add Permission' })).toHaveCount(0);
    });
  });
}
