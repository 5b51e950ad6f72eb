import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { SessionProvider } from '@/components/shell/session-provider';
import { PermissionDialog } from '@/components/access/permission-dialog';
import type { PermissionSummary } from '@/lib/access/permissions-endpoints';
import { NIL_AGENT_ID } from '@/lib/constants';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { clientSession } from '../../helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

/** The permission dialog edits a permission's tags and agents (spec 001 §3.6) and saves blank as null. */

const AGENT = '0193a1b2-0000-7000-8000-000000000001';
const writes: { method: string; path: string; body: Record<string, unknown> }[] = [];

const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://console.test');
  const method = init?.method ?? 'GET';
  const json = (status: number, body: unknown) =>
    jsonResponse(status, body, { 'content-type': 'application/json' });
  if (method !== 'GET') {
    writes.push({ method, path: url.pathname, body: JSON.parse(String(init?.body ?? '{}')) });
    return json(method === 'POST' ? 201 : 200, []);
  }
  if (url.pathname === '/api/db/teams') return json(200, [{ id: 't1', name: 'SRE' }]);
  // The agents table holds the local agent (nil id) too; the dialog names it 'local' once.
  if (url.pathname === '/api/db/agents')
    return json(200, [
      { id: AGENT, name: 'eu-west' },
      { id: NIL_AGENT_ID, name: 'local' },
    ]);
  return json(200, []);
});

function renderDialog(permission: PermissionSummary | null, onOpenChange = jest.fn()) {
  render(
    <SessionProvider session={clientSession('admin', { user: { id: 'me', name: 'Admin' } })}>
      <QueryClientProvider client={createQueryClient()}>
        <PermissionDialog permission={permission} open onOpenChange={onOpenChange} />
      </QueryClientProvider>
    </SessionProvider>,
  );
  return onOpenChange;
}

beforeEach(() => {
  writes.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
});

it('adds a permission with a tag and two agents (the local one named local) and sends them', async () => {
  const user = userEvent.setup();
  const onOpenChange = renderDialog(null);
  const dialog = await screen.findByRole('dialog', { name: 'Add Permission' });
  await user.selectOptions(
    await within(dialog).findByRole('combobox', { name: 'Team' }),
    await within(dialog).findByRole('option', { name: 'SRE' }),
  );
  await user.click(within(dialog).getByRole('radio', { name: 'Global' }));
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Object' }), 'playbooks');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Action' }), 'playbook:run');

  await user.click(within(dialog).getByRole('button', { name: 'Add tag' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Key 1' }), 'env');
  await user.type(within(dialog).getByRole('textbox', { name: 'Value 1' }), 'prod');

  await user.click(within(dialog).getByRole('button', { name: /Agents/ }));
  const choices = await screen.findByRole('group', { name: 'Agents' });
  expect(
    within(choices)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent),
  ).toEqual(['local', 'eu-west']);
  await user.click(within(choices).getByRole('checkbox', { name: 'eu-west' }));
  await user.click(within(choices).getByRole('checkbox', { name: 'local' }));
  await user.keyboard('{Escape}');
  expect(within(dialog).getByRole('list', { name: 'Selected' })).toHaveTextContent('localeu-west');

  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  expect(writes).toEqual([
    {
      method: 'POST',
      path: '/api/db/permissions',
      body: expect.objectContaining({
        team_id: 't1',
        object: 'playbooks',
        action: 'playbook:run',
        tags: { env: 'prod' },
        agents: [NIL_AGENT_ID, AGENT],
      }),
    },
  ]);
});

it('says why a tag or an agent cannot be saved, and saves none of them', async () => {
  const user = userEvent.setup();
  renderDialog({
    id: 'p1',
    action: 'read',
    team_id: 't1',
    object: 'catalog',
    tags: { cluster: 'prod' },
    agents: [AGENT, 'edge-name'],
  } as PermissionSummary);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Permission' });
  expect(within(dialog).getByRole('textbox', { name: 'Key 1' })).toHaveValue('cluster');
  expect(within(dialog).getByRole('textbox', { name: 'Value 1' })).toHaveValue('prod');
  const selected = within(dialog).getByRole('list', { name: 'Selected' });
  expect(await within(selected).findByText('eu-west')).toBeInTheDocument();
  expect(within(selected).getByText('edge-name')).toBeInTheDocument();

  // A stored agent name cannot be saved back: the reason shows as the dialog opens (Save stays disabled).
  expect(
    await within(dialog).findByText(
      '"edge-name" is not an agent id: remove it and choose the agent from the list (a permission matches resources by their agent\'s id)',
    ),
  ).toBeVisible();
  expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();

  const value = within(dialog).getByRole('textbox', { name: 'Value 1' });
  await user.clear(value);
  await user.type(value, 'a,b');
  await user.tab();
  expect(await within(dialog).findByText('A tag’s key and value cannot contain "," or "="')).toBeVisible();
  await user.clear(value);
  expect(
    await within(dialog).findByText(
      'Enter a value for "cluster": the permission matches resources tagged cluster=<value>',
    ),
  ).toBeVisible();
  expect(writes).toEqual([]);

  // Emptied, they save as null (the columns' default): the permission no longer narrows by tag or agent.
  await user.click(within(dialog).getByRole('button', { name: 'Remove row 1' }));
  await user.click(within(dialog).getByRole('button', { name: 'Remove edge-name' }));
  await user.click(within(dialog).getByRole('button', { name: 'Remove eu-west' }));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(writes).toHaveLength(1));
  expect(writes[0]).toMatchObject({ method: 'PATCH', body: { tags: null, agents: null, updated_by: 'me' } });
});
