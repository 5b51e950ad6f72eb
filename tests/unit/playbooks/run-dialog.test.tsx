import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { RunPlaybookDialog } from '@/components/playbooks/run-dialog';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { routerCalls } from '../../helpers/next-navigation';

/** The run dialog against a fake /api: the resource step, typed parameters, Run's states, the request and the error. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const PLAYBOOK = {
  id: 'pb-1',
  name: 'diagnose-pod',
  title: 'Diagnose pod networking',
  spec: { configs: [{ types: ['Kubernetes::Pod'] }], actions: [{ name: 'debug', pod: {} }] },
};
const PARAMS = [
  { name: 'image', label: 'Debug image', type: 'text', required: true, default: 'busybox' },
  { name: 'memory', label: 'Memory limit', type: 'text', default: '256Mi', properties: { format: 'bytes' } },
  { name: 'replicas', label: 'Replicas', type: 'text', properties: { format: 'number', max: 5 } },
  { name: 'wait', label: 'Wait', type: 'checkbox', default: 'true' },
];

let runAnswer: { status: number; body: unknown } = {
  status: 201,
  body: { run_id: 'run-9', starts_at: '2026-01-01T00:00:00Z' },
};
const calls: { url: string; body: unknown }[] = [];

const fetchMock = jest.fn(async (input: string, init?: RequestInit) => {
  const url = new URL(input, 'http://console.test');
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ url: url.pathname + url.search, body });
  const json = (status: number, value: unknown) =>
    ({
      ok: status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(value),
    }) as Response;
  if (url.pathname === '/api/db/playbooks') return json(200, [PLAYBOOK]);
  if (url.pathname === '/api/resources/search')
    return json(200, { configs: [{ id: 'cfg-1', name: 'api-7d9f', type: 'Kubernetes::Pod' }] });
  if (url.pathname === '/api/playbook/pb-1/params') return json(200, { params: PARAMS });
  if (url.pathname === '/api/playbook/run') return json(runAnswer.status, runAnswer.body);
  return json(404, { error: `unexpected ${url.pathname}` });
});

beforeEach(() => {
  calls.length = 0;
  routerCalls.length = 0;
  runAnswer = { status: 201, body: { run_id: 'run-9', starts_at: '2026-01-01T00:00:00Z' } };
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});

function renderDialog() {
  const onOpenChange = jest.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RunPlaybookDialog open onOpenChange={onOpenChange} playbookId="pb-1" />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

async function chooseResource(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole(
    'dialog',
    { name: 'Run Diagnose pod networking' },
    { timeout: 8000 },
  );
  expect(within(dialog).getByText('Please select a resource to see the parameters.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled();
  await user.type(within(dialog).getByRole('combobox', { name: 'Resource' }), 'api');
  await user.click(await within(dialog).findByRole('option', { name: /api-7d9f/ }, { timeout: 5000 }));
  await within(dialog).findByLabelText(/Debug image/, undefined, { timeout: 5000 });
  return dialog;
}

jest.setTimeout(30_000);

describe('the run dialog', () => {
  it('asks for the resource first, then runs with typed parameters and goes to the run page', async () => {
    const user = userEvent.setup();
    const onOpenChange = renderDialog();
    const dialog = await chooseResource(user);
    expect(calls.find((c) => c.url === '/api/playbook/pb-1/params')?.body).toEqual({
      id: 'pb-1',
      config_id: 'cfg-1',
    });
    expect(within(dialog).getByLabelText(/Memory limit/, { selector: 'input' })).toHaveValue('256');
    expect(within(dialog).getByLabelText('Memory limit unit')).toHaveValue('Mi');
    expect(within(dialog).getByRole('checkbox', { name: 'Wait' })).toBeChecked();
    const run = within(dialog).getByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeEnabled());

    await user.type(within(dialog).getByLabelText('Replicas'), 'abc');
    await user.tab();
    expect(await within(dialog).findByText('This field must be a number')).toBeInTheDocument();
    expect(run).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Replicas'));
    await user.type(within(dialog).getByLabelText('Replicas'), '9');
    await user.tab();
    expect(await within(dialog).findByText('Must be at most 5')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Replicas'));
    await user.type(within(dialog).getByLabelText('Replicas'), '3');
    await user.selectOptions(within(dialog).getByLabelText('Memory limit unit'), 'Gi');
    await user.clear(within(dialog).getByLabelText(/Debug image/));
    await user.tab();
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Debug image/), 'nicolaka/netshoot');
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);

    await waitFor(() => expect(routerCalls).toContainEqual({ method: 'push', url: '/playbooks/runs/run-9' }));
    expect(calls.find((c) => c.url === '/api/playbook/run')?.body).toEqual({
      id: 'pb-1',
      config_id: 'cfg-1',
      params: { image: 'nicolaka/netshoot', memory: '256Gi', replicas: '3', wait: 'true' },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('keeps the dialog open and shows the response error when the run is refused', async () => {
    const { toast } = jest.requireMock('sonner') as { toast: { error: jest.Mock } };
    runAnswer = {
      status: 400,
      body: { error: 'parameter "image" (Debug image) must match ^[a-z]+$', message: 'bad request' },
    };
    const user = userEvent.setup();
    const onOpenChange = renderDialog();
    const dialog = await chooseResource(user);
    const run = within(dialog).getByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeEnabled());
    await user.click(run);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'parameter "image" (Debug image) must match ^[a-z]+$',
        undefined,
      ),
    );
    expect(routerCalls).toEqual([]);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
