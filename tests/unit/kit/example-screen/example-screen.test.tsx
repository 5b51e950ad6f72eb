import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { dehydrate, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
import { configureApiFetch } from '@/lib/queries/api-config';
import { bindEndpointFetcher } from '@/lib/queries/fetcher';
import { createQueryClient } from '@/lib/queries/query-client';
import type { Thing } from './endpoint';
import { thingQueries, thingsListParams } from './queries';
import { thingsSearch } from './search-params';
import { ThingsList } from './things-list';

/**
 * The minimal list screen of docs/new-screen.md, run: a server-paged list with its filters, sort, page and
 * refresh in the URL, prefetched on the server and continued in the browser through /api. If the kit changes
 * shape, this test and the doc change together.
 */

jest.mock('next/navigation', () => jest.requireActual('../../../helpers/next-navigation').nextNavigationMock);

const ALL: Thing[] = Array.from({ length: 120 }, (_, i) => ({
  id: `t${i}`,
  name: `thing ${String(i).padStart(3, '0')}`,
  status: i % 3 === 0 ? 'retired' : 'active',
  created_at: '2026-01-01T00:00:00Z',
}));

/** A PostgREST of one table for the browser's fetches: ilike, eq, order, limit/offset and count=exact. */
const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
  const u = new URL(url, 'http://console.test');
  let rows = [...ALL];
  const name = u.searchParams.get('name');
  if (name?.startsWith('ilike.'))
    rows = rows.filter((r) => r.name.includes(name.slice(6).replaceAll('*', '')));
  const status = u.searchParams.get('status');
  if (status?.startsWith('eq.')) rows = rows.filter((r) => r.status === status.slice(3));
  const [column, direction] = (u.searchParams.get('order') ?? 'name.asc').split('.') as [keyof Thing, string];
  rows.sort((a, b) => String(a[column]).localeCompare(String(b[column])) * (direction === 'desc' ? -1 : 1));
  const offset = Number(u.searchParams.get('offset') ?? 0);
  const limit = Number(u.searchParams.get('limit') ?? rows.length);
  const page = rows.slice(offset, offset + limit);
  const counted = new Headers(init?.headers).get('prefer') === 'count=exact';
  const headers = new Headers(
    counted ? { 'content-range': `${offset}-${offset + page.length - 1}/${rows.length}` } : {},
  );
  return { ok: true, status: 200, headers, text: async () => JSON.stringify(page) } as Response;
});

beforeEach(() => {
  fetchMock.mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify: jest.fn(), timeoutMs: 1000 });
  localStorage.clear();
  document.cookie = 'persistPageSize=; max-age=0; path=/';
  window.history.replaceState(null, '', '/things');
});

/** What the server page does: parse the URL, prefetch with the request's backend, hand the cache over as JSON. */
async function serverHandOver(search: string, cookiePageSize = 50) {
  const values = thingsSearch.parse(new URLSearchParams(search));
  const pageSize = values.pageSize ?? cookiePageSize;
  const backend = jest.fn(async () => ({
    data: ALL.slice(values.pageIndex * pageSize, (values.pageIndex + 1) * pageSize),
    total: ALL.length,
  }));
  const server = bindEndpointFetcher(createQueryClient(), backend as never);
  await server.prefetchQuery(thingQueries.list(thingsListParams(values, pageSize)));
  expect(backend).toHaveBeenCalledTimes(1);
  return JSON.parse(JSON.stringify(dehydrate(server)));
}

async function renderScreen(search = '') {
  window.history.replaceState(null, '', `/things${search}`);
  const state = await serverHandOver(search);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HydrationBoundary state={state}>
        <ThingsList serverPageSize={50} />
      </HydrationBoundary>
    </QueryClientProvider>,
  );
  // The pagination bar is a next/dynamic part (it loads with the first paged table).
  await screen.findByRole('navigation', { name: 'Pagination' });
}

const url = () => window.location.search;
const lastFetch = () => new URL(String(fetchMock.mock.calls.at(-1)?.[0]), 'http://console.test');

describe('the minimal list screen of docs/new-screen.md', () => {
  it('renders the server page from the hand-over without fetching again', async () => {
    await renderScreen();
    expect(screen.getByRole('cell', { name: 'thing 000' })).toBeInTheDocument();
    expect(screen.getByText('120 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pages through the URL and fetches the page with its offset', async () => {
    await renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(url()).toBe('?pageIndex=1');
    await screen.findByRole('cell', { name: 'thing 050' });
    expect(lastFetch().pathname).toBe('/api/db/things');
    expect(lastFetch().searchParams.get('offset')).toBe('50');
  });

  it('sorts by a header, and the sort returns the list to its first page', async () => {
    await renderScreen('?pageIndex=1');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(url()).toBe('?sortDesc=true');
    await screen.findByRole('cell', { name: 'thing 119' });
    expect(lastFetch().searchParams.get('order')).toBe('name.desc');
  });

  it('searches after the 400 ms pause and filters by one value, each starting from page 1', async () => {
    jest.useFakeTimers();
    try {
      await renderScreen('?pageIndex=2');
      const entries = window.history.length;
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search things' }), { target: { value: '11' } });
      expect(url()).toBe('?pageIndex=2');
      act(() => void jest.advanceTimersByTime(400));
      expect(url()).toBe('?query=11');
      // Typing replaces the history entry; a filter choice (below) is a Back step.
      expect(window.history.length).toBe(entries);
    } finally {
      jest.useRealTimers();
    }
    await screen.findByRole('cell', { name: 'thing 011' });
    const entries = window.history.length;
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'retired' } });
    expect(url()).toBe('?query=11&status=retired');
    expect(window.history.length).toBe(entries + 1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'thing 011' })).not.toBeInTheDocument());
    expect(lastFetch().searchParams.get('status')).toBe('eq.retired');
  });

  it('keeps a changed page size in the URL and for every other table', async () => {
    await renderScreen();
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    expect(url()).toBe('?pageSize=100');
    expect(localStorage.getItem('persistPageSize')).toBe('100');
    await screen.findByText('Page 1 of 2');
  });

  it('opens a detail panel by URL parameter, as a Back step', async () => {
    await renderScreen();
    const push = jest.spyOn(window.history, 'pushState');
    // The row is a real link to the panel's address (a new tab, a copied address, a reload open the panel).
    expect(screen.getByRole('link', { name: 'thing 001' })).toHaveAttribute('href', '?id=t1');
    fireEvent.click(screen.getByRole('cell', { name: 'thing 001' }));
    expect(url()).toBe('?id=t1');
    expect(push).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Thing t1');
  });

  it('shows the state component for a refusal, an error and an empty answer', async () => {
    const answer = (status: number, body: unknown) =>
      fetchMock.mockImplementationOnce(
        async () =>
          ({
            ok: status < 400,
            status,
            headers: new Headers({ 'content-range': '*/0' }),
            text: async () => JSON.stringify(body),
          }) as Response,
      );
    const renderFresh = () =>
      render(
        <QueryClientProvider client={createQueryClient()}>
          <ThingsList serverPageSize={50} />
        </QueryClientProvider>,
      );
    answer(403, { message: 'forbidden' });
    const forbidden = renderFresh();
    expect(await screen.findByText(/do not have permission/i)).toBeInTheDocument();
    forbidden.unmount();

    // A 4xx is not retried (network errors, time-outs and 5xx are, 3 times, before the error shows).
    answer(400, { message: 'the filter is not valid' });
    const failed = renderFresh();
    expect(await screen.findByText('The things could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/the filter is not valid/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('cell', { name: 'thing 000' })).toBeInTheDocument();
    failed.unmount();

    answer(200, []);
    renderFresh();
    expect(await screen.findByText('No things found')).toBeInTheDocument();
  });
});
