import * as React from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PlaybookRunView } from '@/components/playbooks/playbook-run-view';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';

/** The run page's body against a fake /api: fields, parameters, each result kind, artifacts by role, the buttons. */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));
jest.setTimeout(30_000);

const RUN = {
  id: 'run-1',
  playbook_id: 'pb-1',
  parent_id: null,
  status: 'pending_approval',
  created_at: '2026-01-01T00:00:00Z',
  start_time: '2026-01-01T00:00:01Z',
  end_time: null,
  error: null,
  parameters: { reason: 'disk full', team: 'team-1', secret: 'hunter2' },
  spec: {
    parameters: [
      { name: 'reason', label: 'Reason' },
      { name: 'team', label: 'Team', type: 'team' },
      { name: 'secret', label: 'Password', properties: { format: 'password' } },
    ],
    actions: [
      { name: 'query', sql: {} },
      { name: 'call', http: {} },
      { name: 'shell', exec: {} },
    ],
  },
  created_by: { id: 'p1', name: 'Ada Admin' },
  playbooks: { id: 'pb-1', name: 'find-slow', title: 'Find slow transactions', icon: 'database' },
  config: { id: 'cfg-1', name: 'payments-db', type: 'AWS::RDS::DBInstance' },
  playbook_approvals: [],
};
const ACTIONS = (artifacts: unknown) => [
  {
    id: 'a1',
    name: 'query',
    playbook_run_id: 'run-1',
    status: 'completed',
    start_time: '2026-01-01T00:00:02Z',
    end_time: '2026-01-01T00:00:03Z',
    result: { columns: ['query', 'calls'], rows: [{ query: 'SELECT 1', calls: 42 }], count: 1 },
    artifacts: null,
  },
  {
    id: 'a2',
    name: 'call',
    playbook_run_id: 'run-1',
    status: 'completed',
    start_time: '2026-01-01T00:00:03Z',
    end_time: '2026-01-01T00:00:04Z',
    result: { code: 201, headers: { 'x-request-id': 'req-7' }, content: '{"ok":true}' },
    artifacts: null,
  },
  {
    id: 'a3',
    name: 'shell',
    playbook_run_id: 'run-1',
    status: 'failed',
    start_time: '2026-01-01T00:00:04Z',
    end_time: '2026-01-01T00:00:05Z',
    result: { stdout: 'step 1\n', stderr: 'boom\n', exitCode: 1 },
    artifacts,
  },
];

let artifacts: unknown = null;
let run: Record<string, unknown> = RUN;
const fetchMock = jest.fn(async (input: string) => {
  const url = new URL(input, 'http://console.test');
  const json = (value: unknown, status = 200) =>
    ({
      ok: status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => JSON.stringify(value),
    }) as Response;
  if (url.pathname === '/api/db/playbook_runs') return json([run]);
  // The config the run picked is named; the component is gone (no row); checks are refused to this caller.
  if (url.pathname === '/api/db/config_names')
    return json(
      [{ id: 'cfg-2', name: 'orders-db', type: 'AWS::RDS::DBInstance' }].filter((c) =>
        url.searchParams.get('id')?.includes(c.id),
      ),
    );
  if (url.pathname === '/api/db/components') return json([]);
  if (url.pathname === '/api/db/checks') return json({ message: 'forbidden' }, 403);
  if (url.pathname === '/api/db/rpc/get_playbook_run_actions') return json(ACTIONS(artifacts));
  if (url.pathname === '/api/db/playbook_run_actions') return json([{ id: 'a3', error: 'exit status 1' }]);
  if (url.pathname === '/api/db/teams') return json([{ id: 'team-1', name: 'SRE' }]);
  return json([]);
});

beforeEach(() => {
  run = RUN;
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 2000 });
});

function renderView(props: Partial<React.ComponentProps<typeof PlaybookRunView>> = {}) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PlaybookRunView runId="run-1" canRun={false} canDecide={false} {...props} />
    </QueryClientProvider>,
  );
}

describe('the run page', () => {
  it('shows the run, its parameters and each action result by kind; artifacts with size and a download link for admin', async () => {
    artifacts = [{ id: 'f1', filename: 'stdout.log', content_type: 'text/plain', size: 2048 }];
    renderView({ canDecide: true, canRun: true });
    expect(
      await screen.findByRole('heading', { name: /Find slow transactions/ }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('pending approval')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'payments-db' })).toHaveAttribute('href', '/catalog/cfg-1');
    expect(screen.getByText('Ada Admin')).toBeInTheDocument();
    expect(screen.getByText('disk full')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'SRE' })).toHaveAttribute(
      'href',
      '/settings/teams/team-1',
    );
    expect(screen.queryByText('hunter2')).not.toBeInTheDocument();
    expect(screen.getByText('Waiting for approval.')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Query result' }, { timeout: 8000 });
    expect(within(table).getByRole('cell', { name: '42' })).toBeInTheDocument();
    expect(screen.getByText('201')).toBeInTheDocument();
    expect(screen.getByText('x-request-id')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'stderr' })).toHaveTextContent('boom');
    expect(screen.getByText('Exit code 1')).toBeInTheDocument();
    expect(await screen.findByText('exit status 1')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: 'stdout.log' });
    expect(download).toHaveAttribute('href', '/api/artifacts/download/f1');
    expect(screen.getByText('text/plain · 2 KiB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-run' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Approve' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel run' })).toBeInTheDocument();
  });

  it('says artifacts are admin-only when the backend masks them, and offers no decisions or re-run without the rights', async () => {
    artifacts = '********';
    renderView();
    expect(
      await screen.findByText('Artifacts are only visible to administrators.', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'stdout.log' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-run' })).not.toBeInTheDocument();
  });

  it('names picked resources and links them to their pages, by id (hover or text) when the name cannot be read', async () => {
    const COMPONENT = '6f1d3c1e-0000-4000-8000-000000000001';
    const CHECK = '6f1d3c1e-0000-4000-8000-000000000002';
    run = {
      ...RUN,
      status: 'completed',
      // A run on a component whose row did not come with it: the field shows the id, still linked.
      config: null,
      component_id: COMPONENT,
      parameters: { related: 'cfg-2', service: COMPONENT, compare: CHECK },
      spec: {
        parameters: [
          { name: 'related', label: 'Related config', type: 'config' },
          { name: 'service', label: 'Related component', type: 'component' },
          { name: 'compare', label: 'Compare with check', type: 'check' },
        ],
        actions: [],
      },
    };
    renderView();
    const parameters = await screen.findByRole('region', { name: 'Parameters' }, { timeout: 8000 });
    const config = await within(parameters).findByRole('link', { name: 'orders-db' });
    expect(config).toHaveAttribute('href', '/catalog/cfg-2');
    expect(config).toHaveAttribute('title', 'ID: cfg-2');
    expect(within(parameters).queryByText('cfg-2')).not.toBeInTheDocument();
    // The deleted component and the refused check: their ids, linked, and the page is whole.
    expect(await within(parameters).findByRole('link', { name: COMPONENT })).toHaveAttribute(
      'href',
      `/topology/${COMPONENT}`,
    );
    expect(await within(parameters).findByRole('link', { name: CHECK })).toHaveAttribute(
      'href',
      `/health?checkId=${CHECK}&timeRange=1h`,
    );
    expect(screen.getByRole('heading', { name: /Find slow transactions/ })).toBeInTheDocument();
    const lookups = fetchMock.mock.calls
      .map(([input]) => new URL(input, 'http://console.test'))
      .filter((u) => ['/api/db/config_names', '/api/db/components', '/api/db/checks'].includes(u.pathname));
    expect(lookups.map((u) => `${u.pathname}?${u.searchParams.get('id')}`).sort()).toEqual([
      `/api/db/checks?in.(${CHECK})`,
      `/api/db/components?in.(${COMPONENT})`,
      '/api/db/config_names?in.(cfg-2)',
    ]);
    const resource = screen.getByText('Resource').parentElement!;
    expect(within(resource).getByRole('link', { name: COMPONENT })).toHaveAttribute(
      'href',
      `/topology/${COMPONENT}`,
    );
  });
});
