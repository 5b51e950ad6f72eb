import * as React from 'react';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import { PagedList } from '@/components/list/paged-list';
import type { Counted } from '@/lib/backend/endpoint';
import { serverPageProps, usePagedListQuery } from '@/lib/queries/paged-list';
import { createQueryClient } from '@/lib/queries/query-client';

/**
 * The shared wiring of a server-paged list (incidents, send history): the table's query and the CSV export's page
 * fetcher come from one query factory, so an exported page is the same request and cache entry the table reads.
 */

interface Params {
  q: string;
  pageIndex: number;
  pageSize: number;
}

const calls: Params[] = [];
const list = (p: Params) =>
  queryOptions({
    queryKey: ['things', p] as const,
    queryFn: async (): Promise<Counted<string[]>> => {
      calls.push(p);
      return { data: [`${p.q}-${p.pageIndex}`], total: 42 };
    },
  });

beforeEach(() => {
  calls.length = 0;
});

it('reads the page, and fetches other pages with the same filters for the export through the cache', async () => {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => usePagedListQuery(list, { q: 'x', pageIndex: 0, pageSize: 2 }), {
    wrapper,
  });
  await waitFor(() => expect(result.current.query.data).toEqual({ data: ['x-0'], total: 42 }));
  await expect(result.current.fetchPage(3, 500)).resolves.toEqual({ data: ['x-3'], total: 42 });
  expect(calls).toEqual([
    { q: 'x', pageIndex: 0, pageSize: 2 },
    { q: 'x', pageIndex: 3, pageSize: 500 },
  ]);
  expect(client.getQueryData(['things', { q: 'x', pageIndex: 3, pageSize: 500 }])).toEqual({
    data: ['x-3'],
    total: 42,
  });
  // The table's own page, still fresh in the console's cache, is not fetched again for the export.
  await result.current.fetchPage(0, 2);
  expect(calls).toHaveLength(2);
});

it('gives the table the rows and the total, sorted and paged by the backend', () => {
  expect(serverPageProps({ data: ['a'], total: 7 })).toEqual({
    data: ['a'],
    rowCount: 7,
    manualSorting: true,
    manualPagination: true,
    enablePagination: true,
  });
});

describe('a filter, sort or page change in flight (issue 34)', () => {
  const slowList = (p: Params) =>
    queryOptions({
      queryKey: ['slow-things', p] as const,
      queryFn: (): Promise<Counted<{ name: string }[]>> =>
        new Promise((resolve) => setTimeout(() => resolve({ data: [{ name: `${p.q}-row` }], total: 1 }), 50)),
    });
  const columns = [{ id: 'name', header: 'Name', accessorFn: (row: { name: string }) => row.name }];

  function Things({ q }: { q: string }) {
    const { query } = usePagedListQuery(slowList, { q, pageIndex: 0, pageSize: 10 });
    return (
      <PagedList
        query={query}
        features={pagedListFeatures}
        columns={columns}
        empty="No things"
        errorTitle="Failed"
        aria-label="Things"
      />
    );
  }

  it('keeps the last rows, dimmed, inert and marked busy with a progress bar, until the next answer', async () => {
    const client = createQueryClient();
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <Things q="a" />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('cell', { name: 'a-row' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(
      <QueryClientProvider client={client}>
        <Things q="b" />
      </QueryClientProvider>,
    );
    const stale = screen.getByRole('cell', { name: 'a-row' });
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(stale.closest('[inert]')).not.toBeNull();
    expect(stale.closest('[aria-busy="true"]')).not.toBeNull();
    expect(await screen.findByRole('cell', { name: 'b-row' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('cell', { name: 'b-row' }).closest('[inert]')).toBeNull();
  });
});
