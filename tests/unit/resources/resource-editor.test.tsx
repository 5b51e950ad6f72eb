import * as React from 'react';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { EditorView } from '@codemirror/view';
import { ResourceEditor } from '@/components/resources/resource-editor';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import type { Endpoint } from '@/lib/backend/endpoint';
import { BackendError } from '@/lib/backend/errors';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { clientSession } from '../../helpers/client-session';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';

jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));
const { toast } = jest.requireMock('sonner') as { toast: { success: jest.Mock; error: jest.Mock } };

beforeAll(stubTextRangeLayout);
// Typing into many fields is slow on a shared 2-core machine.
jest.setTimeout(30_000);
beforeEach(() => jest.clearAllMocks());

const session: ClientSession = clientSession('editor', { user: { id: 'person-1', name: 'Editor' } });

/** A backend double: records the writes and answers them with the row, as PostgREST's return=representation does. */
function setup(ui: React.ReactElement, answer?: (endpoint: Endpoint<unknown>) => unknown) {
  const calls: Endpoint<unknown>[] = [];
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => {
      calls.push(endpoint);
      if (endpoint.path.startsWith('/schemas/')) return { data: { type: 'object' }, total: undefined };
      const data = answer ? answer(endpoint) : [{ id: 'new-id', ...(endpoint.body as object) }];
      return { data, total: undefined };
    }) as never,
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={client}>
      <SessionProvider session={session}>{ui}</SessionProvider>
    </QueryClientProvider>,
  );
  return { calls, user, writes: () => calls.filter((c) => c.method === 'POST' || c.method === 'PATCH') };
}

const save = () => screen.getByRole('button', { name: 'Save' });
const codeEditor = async () => EditorView.findFromDOM(await screen.findByRole('textbox', { name: 'Spec' }))!;

describe('ResourceEditor: health checks', () => {
  it('offers the spec-type grid, then the HTTP form; Form → Code → Form keeps the values; saves the spec', async () => {
    const onSaved = jest.fn();
    const { user, writes } = setup(<ResourceEditor table="canaries" onSaved={onSaved} />);
    expect(screen.getByRole('heading', { name: 'Add Health Check' })).toBeInTheDocument();
    const grid = screen.getByRole('list', { name: 'Health Check types' });
    expect(
      within(grid)
        .getAllByRole('button')
        .slice(0, 9)
        .map((b) => b.textContent),
    ).toEqual(['HTTP', 'Exec', 'Redis', 'Mongo', 'TCP', 'ICMP', 'Elasticsearch', 'Folder', 'Alert Manager']);
    await user.click(within(grid).getByRole('button', { name: 'HTTP' }));
    expect(screen.getByRole('heading', { name: 'Add Health Check: HTTP' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Namespace/)).toHaveValue('default');
    expect(save()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Name\*?$/), 'orders-api');
    await user.type(screen.getByRole('textbox', { name: /^URL/ }), 'https://orders/health');
    expect(screen.queryByRole('textbox', { name: 'Body' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'POST');
    await user.type(screen.getByRole('textbox', { name: 'Body' }), 'ping');
    await user.type(screen.getByRole('combobox', { name: 'Schedule' }), '@every 1m');

    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const view = await codeEditor();
    expect(view.state.doc.toString()).toBe(
      'schedule: "@every 1m"\nhttp:\n  - name: orders-api\n    url: https://orders/health\n    method: POST\n    body: ping\n',
    );
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByRole('textbox', { name: /^URL/ })).toHaveValue('https://orders/health');
    expect(screen.getByRole('textbox', { name: 'Body' })).toHaveValue('ping');

    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()).toHaveLength(1);
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      path: '/db/canaries',
      body: {
        name: 'orders-api',
        namespace: 'default',
        labels: {},
        source: 'UI',
        created_by: 'person-1',
        spec: {
          schedule: '@every 1m',
          http: [{ name: 'orders-api', url: 'https://orders/health', method: 'POST', body: 'ping' }],
        },
      },
    });
    expect(toast.success.mock.calls[0]?.[0]).toBe('orders-api created successfully');
  });

  it('requires the URL with the spec text and blocks Save on invalid YAML in the Code tab, showing the parse error', async () => {
    const { user, writes } = setup(<ResourceEditor table="canaries" initialSpecType="http" />);
    await user.type(screen.getByLabelText(/^Name\*?$/), 'x');
    const url = screen.getByRole('textbox', { name: /^URL/ });
    await user.click(url);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    await user.type(url, 'https://x');
    await user.click(screen.getByRole('tab', { name: 'Code' }));
    const view = await codeEditor();
    act(() =>
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: 'http:\n  - name: x\n   url: y\n' },
      }),
    );
    // The form cannot show YAML that does not parse: the Code tab stays open with the parse error.
    await user.click(screen.getByRole('tab', { name: 'Form' }));
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/^Invalid YAML at line 3, column/)).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
    expect(writes()).toHaveLength(0);
  });
});

describe('ResourceEditor: editing', () => {
  const record = {
    id: 'c1',
    name: 'web',
    namespace: 'prod',
    source: 'UI',
    agent_id: '00000000-0000-0000-0000-000000000000',
    labels: { team: 'sre' },
    spec: { interval: 30, http: [{ name: 'web', url: 'https://web', extra: 1 }] },
  };

  it('locks name and namespace, sends only the changed columns and says "{name} updated successfully"', async () => {
    const onSaved = jest.fn();
    const { user, writes } = setup(<ResourceEditor table="canaries" record={record} onSaved={onSaved} />);
    expect(screen.getByRole('heading', { name: 'web (HTTP)' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name\*?$/)).toBeDisabled();
    expect(screen.getByLabelText(/^Namespace/)).toBeDisabled();
    expect(save()).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: 'Schedule' }), '@every 5m');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        path: '/db/canaries?id=eq.c1',
        body: { spec: { schedule: '@every 5m', http: [{ name: 'web', url: 'https://web', extra: 1 }] } },
      }),
    ]);
    expect(toast.success.mock.calls[0]?.[0]).toBe('web updated successfully');
  });

  it('is read-only with a "Linked to" note when another system owns the resource', () => {
    setup(<ResourceEditor table="canaries" record={{ ...record, source: 'KubernetesCRD' }} />);
    expect(screen.getByRole('note')).toHaveTextContent('Linked to a Kubernetes CRD');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^URL/ })).toBeDisabled();
  });

  it("a topology's submit reads Save when it is created and Update when it is edited (001 §2.4)", async () => {
    setup(<ResourceEditor table="topologies" />);
    await act(async () => {}); // the spec's JSON schema loads
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    cleanup();
    setup(
      <ResourceEditor
        table="topologies"
        record={{ id: 't1', name: 'infra', namespace: 'default', source: 'UI' }}
      />,
    );
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await act(async () => {});
  });

  it('names the agent that owns it, with a link to the agent', () => {
    setup(
      <ResourceEditor
        table="topologies"
        record={{
          id: 't1',
          name: 'infra',
          namespace: 'default',
          agent_id: 'a1',
          agent: { id: 'a1', name: 'edge-eu' },
        }}
      />,
    );
    expect(screen.getByRole('link', { name: 'edge-eu' })).toHaveAttribute('href', '/settings/agents?id=a1');
  });

  it('shows a backend refusal (the schema error) as a toast and keeps the form', async () => {
    const onSaved = jest.fn();
    const refusal = new BackendError({
      status: 400,
      code: '22023',
      message: 'invalid canary spec: /http/0 needs one of "url", "connection"',
    });
    const { user } = setup(<ResourceEditor table="canaries" record={record} onSaved={onSaved} />, () => {
      throw refusal;
    });
    await user.type(screen.getByRole('combobox', { name: 'Schedule' }), '@daily');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(toast.error.mock.calls[0]?.[0]).toMatch(/^invalid canary spec/));
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('ResourceEditor: tables edited as code', () => {
  it('adds a team with the default icon "group" and an empty spec left out', async () => {
    const onSaved = jest.fn();
    const { user, writes } = setup(<ResourceEditor table="teams" onSaved={onSaved} />);
    expect(screen.getByRole('heading', { name: 'Add Team' })).toBeInTheDocument();
    expect(screen.getByLabelText('Icon')).toHaveValue('group');
    await user.type(screen.getByLabelText(/^Name\*?$/), 'payments');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({
      method: 'POST',
      path: '/db/teams',
      body: { name: 'payments', icon: 'group', source: 'UI' },
    });
  });
});
