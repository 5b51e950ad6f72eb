import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { ResourceDetail } from '@/components/resources/resource-detail';
import { ResourceList } from '@/components/resources/resource-list';
import type { Endpoint } from '@/lib/backend/endpoint';
import { BackendError } from '@/lib/backend/errors';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { RESOURCE_TRAILING_COLUMNS } from '../../helpers/resource-columns';
import { routerCalls } from '../../helpers/next-navigation';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const ROWS = [
  {
    id: 'c1',
    name: 'orders-api',
    namespace: 'default',
    schedule: '@every 1m',
    labels: { team: 'payments' },
    source: 'UI',
    job_status: 'FAILED',
    job_details: { errors: ['dial tcp: connection refused'] },
    last_runtime: '2026-11-26T01:00:00Z',
    created_by: { id: 'p1', name: 'Ada Admin' },
    created_at: '2026-11-20T00:00:00Z',
    updated_at: '2026-11-25T00:00:00Z',
  },
];

function setup(ui: React.ReactElement, answer: (endpoint: Endpoint<unknown>) => unknown) {
  const client = bindEndpointFetcher(
    new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    (async (endpoint: Endpoint<unknown>) => ({
      data: answer(endpoint),
      total: undefined,
    })) as never,
  );
  render(
    <QueryClientProvider client={client}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>{ui}</PreferencesProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => window.history.replaceState(null, '', '/settings/canaries'));

describe('ResourceList', () => {
  it('lists the rows with the table’s columns (namespace hidden for health checks), job status with its details, and Add for writers', async () => {
    const user = setup(<ResourceList table="canaries" canWrite />, (e) => {
      expect(e.path).toBe(
        '/db/canaries_with_status?select=*,created_by(id,name,avatar)&deleted_at=is.null&order=created_at.desc.nullslast&limit=100',
      );
      return ROWS;
    });
    const table = await screen.findByRole('table', { name: 'Health Check' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(['Name', 'Schedule', 'Labels', ...RESOURCE_TRAILING_COLUMNS]),
    );
    expect(headers).not.toContain('Namespace');
    expect(within(table).getByRole('link', { name: 'orders-api' })).toHaveAttribute(
      'href',
      '/settings/canaries/c1',
    );
    expect(within(table).getByText('FAILED')).toBeInTheDocument();
    expect(within(table).getByText('dial tcp: connection refused')).toBeInTheDocument();
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Health Check' }));
    expect(window.location.search).toBe('?add=true');
    expect(
      await screen.findByRole('list', { name: 'Health Check types' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('offers no Add without write access and answers the add address with Unauthorized', async () => {
    window.history.replaceState(null, '', '/settings/canaries?add=true');
    setup(<ResourceList table="canaries" canWrite={false} />, () => ROWS);
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows Unauthorized when the backend refuses the table, and the empty state without rows', async () => {
    setup(<ResourceList table="config_scrapers" canWrite={false} />, () => {
      throw new BackendError({ status: 403, code: 'forbidden', message: 'forbidden' });
    });
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
  });
});

describe('ResourceDetail', () => {
  it("says 'No resources found' for an unknown or deleted id", async () => {
    window.history.replaceState(null, '', '/settings/canaries/nope');
    setup(<ResourceDetail table="canaries" id="nope" canWrite />, () => []);
    expect(await screen.findByText('No resources found')).toBeInTheDocument();
  });

  it('has a breadcrumb to the list and the tabs of the table (teams: Members)', async () => {
    window.history.replaceState(null, '', '/settings/teams/t1');
    setup(<ResourceDetail table="teams" id="t1" canWrite={false} />, (e) =>
      e.path.startsWith('/db/teams')
        ? [{ id: 't1', name: 'payments', icon: 'group', spec: {}, source: 'UI' }]
        : [],
    );
    expect(await screen.findByRole('tab', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Job History' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Teams' })).toHaveAttribute('href', '/settings/teams');
    expect(screen.getAllByText('payments').length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toBeDisabled(), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it("a topology's Delete (after its confirm) returns to /settings/integrations, and its submit reads Update (001 §2.4)", async () => {
    window.history.replaceState(null, '', '/settings/topologies/t1');
    routerCalls.length = 0;
    const writes: Endpoint<unknown>[] = [];
    const user = setup(<ResourceDetail table="topologies" id="t1" canWrite />, (e) => {
      if (e.method === 'PATCH' || e.method === 'DELETE') {
        writes.push(e);
        return [{ id: 't1' }];
      }
      return e.path.startsWith('/db/topologies')
        ? [{ id: 't1', name: 'infra', namespace: 'default', spec: {}, source: 'UI' }]
        : [];
    });
    expect(await screen.findByRole('button', { name: 'Update' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', {}, { timeout: 8000 });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(routerCalls).toContainEqual({ method: 'push', url: '/settings/integrations' }),
    );
    expect(writes).toHaveLength(1);
  }, 30_000);

  it("a team's Permissions tab lists the permissions granted to that team (issue 20)", async () => {
    window.history.replaceState(null, '', '/settings/teams/t1');
    const paths: string[] = [];
    const user = setup(<ResourceDetail table="teams" id="t1" canWrite={false} />, (e) => {
      paths.push(e.path);
      return e.path.startsWith('/db/teams')
        ? [{ id: 't1', name: 'payments', icon: 'group', spec: {}, source: 'UI' }]
        : [];
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Spec', 'Members', 'Permissions', 'Job History']);
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    expect(window.location.search).toContain('tab=permissions');
    expect(await screen.findByText('No permissions found', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      paths.some((path) => path.startsWith('/db/permissions_summary') && path.includes('team_id=eq.t1')),
    ).toBe(true);
  });
});
