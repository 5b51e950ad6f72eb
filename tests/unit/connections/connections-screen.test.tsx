import * as React from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConnectionsList } from '@/components/connections/connections-list';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/constants';
import { connectionsEndpoint } from '@/lib/connections/endpoints';
import type { Role } from '@/lib/auth/permissions';
import { configureApiFetch } from '@/lib/queries/api-config';
import { createQueryClient } from '@/lib/queries/query-client';
import { connectionsSearch } from '@/lib/connections/search';
import { SECRET_MASK } from '@/lib/forms/secret-value';
import { clientSession } from '../../helpers/client-session';
import { stubTextRangeLayout } from '../../helpers/codemirror-layout';

/**
 * Settings → Connections in the browser: the list over a fake /api/db/connections, the role gate on the write
 * buttons, the edit dialog opened from a row (its id in the URL), the test's answer and the soft delete.
 */

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);
jest.mock('sonner', () => ({
  toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() },
}));

const admin = { id: 'p1', name: 'Admin', avatar: null };
const ROWS = [
  {
    id: 'c1',
    name: 'orders-db',
    namespace: 'payments',
    type: 'postgres',
    url: 'postgres://db:5432/orders',
    username: 'app',
    password: SECRET_MASK,
    properties: null,
    source: null,
    created_by: admin,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
  },
  {
    id: 'c2',
    name: 'alerts',
    namespace: 'default',
    type: 'slack',
    url: 'slack://$(password)@C04',
    username: 'C04',
    password: SECRET_MASK,
    properties: null,
    source: 'KubernetesCRD',
    created_by: null,
    created_at: '2026-11-19T10:00:00Z',
    updated_at: '2026-11-19T10:00:00Z',
  },
  {
    id: 'c3',
    name: 'legacy',
    namespace: 'default',
    type: 'carrier-pigeon',
    url: 'coop://roof',
    properties: { loft: 'north' },
    created_by: null,
    created_at: '2026-11-18T10:00:00Z',
    updated_at: '2026-11-18T10:00:00Z',
  },
];

type Call = { method: string; url: URL; body: unknown };
let calls: Call[] = [];
let testAnswer: { status: number; body: unknown };

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({
    ok: status < 400,
    status,
    headers: new Headers(headers),
    text: async () => JSON.stringify(body),
  }) as Response;

async function backend(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://console.test');
  const method = init?.method ?? 'GET';
  calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
  if (url.pathname.startsWith('/api/connection/test/')) return respond(testAnswer.status, testAnswer.body);
  if (url.pathname !== '/api/db/connections') return respond(404, { error: 'not found' });
  const id = url.searchParams.get('id')?.replace(/^eq\./, '');
  if (method === 'PATCH')
    return respond(
      200,
      ROWS.filter((r) => r.id === id).map((r) => ({ ...r, ...(calls.at(-1)?.body as object) })),
    );
  const type = url.searchParams.get('type')?.replace(/^eq\./, '');
  const rows = ROWS.filter((r) => (!id || r.id === id) && (!type || r.type === type));
  return respond(200, rows, { 'content-range': `0-${rows.length - 1}/${rows.length}` });
}
const fetchMock = jest.fn(backend);

const session = (roles: Role[]): ClientSession => clientSession(roles, { user: { id: 'p1', name: 'Admin' } });

function renderList(roles: Role[] = ['admin'], search = '') {
  window.history.replaceState(null, '', `/settings/connections${search}`);
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <SessionProvider session={session(roles)}>
          <ConnectionsList serverPageSize={50} />
        </SessionProvider>
      </PreferencesProvider>
    </QueryClientProvider>,
  );
}

// Dialogs, the lazily loaded form and the confirm make these tests long on a busy machine.
jest.setTimeout(30_000);

beforeAll(stubTextRangeLayout);

beforeEach(() => {
  calls = [];
  testAnswer = {
    status: 200,
    body: {
      message: 'ok',
      payload: {
        payload: {
          type: 'postgres',
          name: 'orders-db',
          result: 'connected to PostgreSQL 15.6 on db:5432 in 84ms',
        },
      },
    },
  };
  fetchMock.mockClear();
  fetchMock.mockImplementation(backend);
  jest.mocked(toast.success).mockClear();
  jest.mocked(toast.error).mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 5000 });
  document.cookie = 'persistPageSize=; max-age=0; path=/';
});

describe('connections list request', () => {
  it('asks for live rows newest first with the creator, and searches name or URL without PostgREST syntax from the text', () => {
    const base = { query: '', type: null, sortBy: null, sortDesc: false, pageIndex: 0, pageSize: 50 };
    const plain = new URL(connectionsEndpoint(base).path, 'http://x');
    expect(plain.pathname).toBe('/db/connections');
    expect(plain.searchParams.get('deleted_at')).toBe('is.null');
    expect(plain.searchParams.get('order')).toBe('created_at.desc,id.asc');
    expect(plain.searchParams.get('select')).toBe('*,created_by(id,name,avatar)');
    expect([plain.searchParams.get('limit'), plain.searchParams.get('offset')]).toEqual(['50', '0']);
    const searched = new URL(
      connectionsEndpoint({
        ...base,
        query: 'db,(x)*',
        type: 'postgres',
        sortBy: 'name',
        sortDesc: true,
        pageIndex: 2,
      }).path,
      'http://x',
    );
    expect(searched.searchParams.get('or')).toBe('(name.ilike.*db  x*,url.ilike.*db  x*)');
    expect(searched.searchParams.get('type')).toBe('eq.postgres');
    expect(searched.searchParams.get('order')).toBe('name.desc,id.asc');
    expect(searched.searchParams.get('offset')).toBe('100');
  });

  it('keeps defaults out of the URL and falls back on unknown sort columns', () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(connectionsSearch.parse(new URLSearchParams('sortBy=password&type=redis'))).toMatchObject({
      sortBy: null,
      type: 'redis',
      query: '',
    });
  });
});

describe('connections screen', () => {
  it('shows a failed load with its message, as the error state and as a toast', async () => {
    // A 4xx is not retried, so the failure shows at once.
    fetchMock.mockImplementation(async () => respond(400, { error: 'failed to parse filter (type)' }));
    renderList();
    expect(await screen.findByText('The connections could not be loaded')).toBeInTheDocument();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('failed to parse filter (type)', { id: 'connections-load' }),
    );
  });

  it('lists the connections with type titles and creators; admins get Add Connection, Test and Delete', async () => {
    const user = userEvent.setup();
    renderList();
    const table = await screen.findByRole('table', { name: 'Connections' });
    expect(within(table).getByRole('cell', { name: 'orders-db' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Postgres' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'Slack' })).toBeInTheDocument();
    // A type the console does not know shows its stored name.
    expect(within(table).getByRole('cell', { name: 'carrier-pigeon' })).toBeInTheDocument();
    expect(within(table).getAllByText('Admin')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Add Connection' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Type'), 'slack');
    await waitFor(() => expect(window.location.search).toBe('?type=slack'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Connections' })).queryByRole('cell', { name: 'orders-db' }),
      ).not.toBeInTheDocument(),
    );
    expect(calls.at(-1)?.url.searchParams.get('type')).toBe('eq.slack');
  });

  it('opens a row in the edit dialog, tests it and shows the answer, then soft-deletes after the confirm', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(await screen.findByRole('cell', { name: 'orders-db' }));
    expect(window.location.search).toBe('?id=c1');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('heading', { name: 'Postgres Connection Details' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name\*?$/)).toBeDisabled();
    expect(within(dialog).getByText('A value is set')).toBeInTheDocument();
    // Its permissions: the permissions list filtered to this connection (issue 20).
    expect(within(dialog).getByRole('link', { name: 'Permissions' })).toHaveAttribute(
      'href',
      '/settings/permissions?connection_id=c1',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    expect(await within(dialog).findByTestId('connection-test-result')).toHaveTextContent(
      'Connection test succeeded: connected to PostgreSQL 15.6 on db:5432 in 84ms',
    );
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe('/api/connection/test/c1');

    testAnswer = {
      status: 400,
      body: { error: 'failed to connect to `host=db user=app database=orders`: dial error' },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Test Connection' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('connection-test-result')).toHaveTextContent(
        'Connection test failed: failed to connect to `host=db user=app database=orders`: dial error',
      ),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this resource?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('orders-db deleted successfully', undefined),
    );
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(patch?.url.searchParams.get('id')).toBe('eq.c1');
    expect(patch?.body).toEqual({ deleted_at: 'now()' });
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('saves only the changed columns of an edit', async () => {
    const user = userEvent.setup();
    renderList(['admin'], '?id=c1');
    const dialog = await screen.findByRole('dialog');
    const username = await within(dialog).findByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'app2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('orders-db updated successfully', undefined),
    );
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ username: 'app2', updated_at: 'now()' });
  });

  it('edits a type the console does not know as YAML', async () => {
    renderList(['admin'], '?id=c3');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('heading', { name: 'carrier-pigeon Connection Details' }),
    ).toBeInTheDocument();
  });

  it('offers no write action to a reader without write access, and the form is read-only', async () => {
    renderList(['viewer'], '?id=c1');
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('heading', { name: 'Postgres Connection Details' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Connection' })).not.toBeInTheDocument();
    for (const name of ['Test Connection', 'Delete', 'Save'])
      expect(within(dialog).queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows the compact Unauthorized state when the backend refuses the list', async () => {
    fetchMock.mockImplementationOnce(async () =>
      respond(403, { code: '42501', message: 'permission denied' }),
    );
    renderList(['viewer']);
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
  });
});
