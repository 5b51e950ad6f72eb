import * as React from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PreferencesProvider } from '@/components/shell/preferences-provider';
import { SessionProvider, type ClientSession } from '@/components/shell/session-provider';
import { SilencesList } from '@/components/notifications/silences-list';
import { configureApiFetch } from '@/lib/queries/api-config';
import { useCreateSilence } from '@/lib/notifications/mutations';
import { createQueryClient } from '@/lib/queries/query-client';
import { DEFAULT_PREFERENCES } from '@/lib/preferences/preferences';
import { clientSession } from '../../helpers/client-session';
import { jsonResponse } from '../../helpers/fetch-response';

/**
 * The silence list against a fake backend: a created silence shows at once (the earlier console needed a reload,
 * upstream issue #2346), a deleted one leaves the list after the confirm, and refused or read-only people get no
 * actions.
 */

// The first render loads the table's pagination and the endpoint modules (zod) by dynamic import: slow on a busy CI.
jest.setTimeout(20_000);

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

interface Row {
  id: string;
  name: string;
  description: string | null;
  until: string | null;
  filter: string | null;
  created_at: string;
  deleted_at: string | null;
}

let rows: Row[] = [];
let refuse = false;

const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const u = new URL(url, 'http://console.test');
  const method = init?.method ?? 'GET';
  const json = jsonResponse;
  if (refuse) return json(403, { message: 'unauthorized. Access Denied' });
  if (u.pathname === '/api/notification/silence' && method === 'POST') {
    const body = JSON.parse(String(init?.body)) as { name: string; filter?: string };
    rows.unshift({
      id: `s${rows.length + 1}`,
      name: body.name,
      description: null,
      until: null,
      filter: body.filter ?? null,
      created_at: new Date().toISOString(),
      deleted_at: null,
    });
    return json(200, {});
  }
  if (u.pathname === '/api/db/notification_silences' && method === 'PATCH') {
    const id = u.searchParams.get('id')?.slice(3);
    rows = rows.map((r) => (r.id === id ? { ...r, deleted_at: new Date().toISOString() } : r));
    return json(204, null);
  }
  if (u.pathname === '/api/db/notification_silences') {
    const live = rows.filter((r) => r.deleted_at === null);
    return json(200, live, { 'content-range': live.length ? `0-${live.length - 1}/${live.length}` : '*/0' });
  }
  return json(404, { message: `unexpected ${method} ${u.pathname}` });
});

const session = (role: 'editor' | 'viewer'): ClientSession => clientSession(role);

function CreateButton() {
  const create = useCreateSilence();
  return (
    <button
      type="button"
      onClick={() => create.mutate({ name: 'fresh-silence', filter: "check.name == 'x'" })}
    >
      create
    </button>
  );
}

function renderList(role: 'editor' | 'viewer') {
  return render(
    <SessionProvider session={session(role)}>
      <PreferencesProvider initial={DEFAULT_PREFERENCES}>
        <QueryClientProvider client={createQueryClient()}>
          <SilencesList serverPageSize={50} />
          <CreateButton />
        </QueryClientProvider>
      </PreferencesProvider>
    </SessionProvider>,
  );
}

beforeEach(() => {
  rows = [
    {
      id: 's1',
      name: 'maintenance-db',
      description: 'DB work',
      until: null,
      filter: null,
      created_at: '2026-11-20T00:00:00Z',
      deleted_at: null,
    },
  ];
  refuse = false;
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
  window.history.replaceState(null, '', '/notifications/silences');
});

describe('the silence list', () => {
  it('shows a silence created elsewhere on the page at once, and Indefinitely for an open end', async () => {
    renderList('editor');
    const table = await screen.findByRole('table', { name: 'Silences' });
    expect(within(table).getByRole('cell', { name: 'maintenance-db' })).toBeInTheDocument();
    expect(within(table).getAllByRole('cell', { name: 'Indefinitely' }).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'create' }));
    expect(await screen.findByRole('cell', { name: 'fresh-silence' })).toBeInTheDocument();
  });

  it('deletes after the confirm (a soft delete) and drops the row', async () => {
    renderList('editor');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete maintenance-db' }));
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 8000 });
    expect(within(dialog).getByText('Are you sure you want to delete this resource?')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'maintenance-db' })).not.toBeInTheDocument(),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ deleted_at: 'now()' });
    expect(await screen.findByText('No silences found')).toBeInTheDocument();
  });

  it('offers no add, edit or delete to a viewer', async () => {
    renderList('viewer');
    await screen.findByRole('cell', { name: 'maintenance-db' });
    expect(screen.queryByRole('link', { name: 'Add Silence' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete|Edit/ })).not.toBeInTheDocument();
  });

  it('shows the Unauthorized state on a 403', async () => {
    refuse = true;
    renderList('viewer');
    expect(await screen.findByText(/do not have permission/i)).toBeInTheDocument();
  });

  it('sorts on the server by a clicked header, with the sort in the URL', async () => {
    renderList('viewer');
    const table = await screen.findByRole('table', { name: 'Silences' });
    fireEvent.click(within(table).getByRole('button', { name: /^Until/ }));
    await waitFor(() => expect(window.location.search).toBe('?sortBy=until'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) =>
          new URL(url, 'http://console.test').searchParams.getAll('order').includes('until.asc,id.asc'),
        ),
      ).toBe(true),
    );
    expect(within(table).getByRole('columnheader', { name: /^Until/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });
});
