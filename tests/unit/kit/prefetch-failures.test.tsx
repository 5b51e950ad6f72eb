/**
 * @jest-environment jsdom
 */
import {
  hydrate,
  type QueryClient,
  QueryClientProvider,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';

jest.mock('server-only', () => ({}));
jest.mock('@/lib/backend/client', () => ({ getBackend: jest.fn() }));
jest.mock('@/lib/backend/transport', () => ({ embeddedConnectionHeldSince: () => undefined }));

import { QueryState } from '@/components/list/query-state';
import { BackendError } from '@/lib/backend/errors';
import { createQueryClient } from '@/lib/queries/query-client';
import { prefetchQueries } from '@/lib/queries/server';

const failing = (key: string, error: Error) =>
  queryOptions({
    queryKey: [key],
    queryFn: (): Promise<string[]> => Promise.reject(error),
    retry: false,
  });
const refused = new BackendError({
  status: 403,
  code: 'forbidden',
  message: 'You do not have permission to access this page',
});

function Screen({ queryKey, queryFn }: { queryKey: string[]; queryFn: () => Promise<string[]> }) {
  const query = useQuery({ queryKey, queryFn });
  return (
    <QueryState query={query} empty="No data available" errorTitle="The rows could not be loaded">
      {(rows) => <p>{rows.join(', ')}</p>}
    </QueryState>
  );
}

describe('a server prefetch that fails is handed over failed (issue 34)', () => {
  it('hands over a refusal and a backend error as plain data with the status and message; an unexpected error says nothing of itself', async () => {
    const state = await prefetchQueries([
      failing('refused', refused),
      failing(
        'down',
        new BackendError({
          status: 503,
          code: 'http_503',
          message: 'The backend is not reachable. Please try again.',
        }),
      ),
      failing('bug', new TypeError('cannot read /srv/internal/path')),
      queryOptions({ queryKey: ['fine'], queryFn: () => Promise.resolve(['a']) }),
    ]);
    const byKey = Object.fromEntries(state.queries.map((q) => [String(q.queryKey[0]), q.state]));
    expect(byKey.fine).toMatchObject({ status: 'success', data: ['a'] });
    expect(byKey.refused).toMatchObject({
      status: 'error',
      error: { name: 'BackendError', status: 403, code: 'forbidden', handedOver: true },
    });
    expect(byKey.refused!.error).not.toBeInstanceOf(Error);
    expect(byKey.down!.error).toMatchObject({
      status: 503,
      message: 'The backend is not reachable. Please try again.',
    });
    expect(byKey.bug!.error).toEqual({
      name: 'BackendError',
      message: 'An error occurred',
      handedOver: true,
    });
    // It crosses to the browser as JSON would.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it.each([
    ['refused', refused, 'Unauthorized'],
    [
      'down',
      new BackendError({ status: 503, code: 'http_503', message: 'Backend down' }),
      'The rows could not be loaded',
    ],
  ] as const)(
    'the browser shows a handed-over %s state at once and does not ask again on mount',
    async (key, error, heading) => {
      const state = await prefetchQueries([failing(key, error)]);
      const client: QueryClient = createQueryClient();
      hydrate(client, JSON.parse(JSON.stringify(state)));
      const queryFn = jest.fn(() => Promise.resolve(['late']));
      render(
        <QueryClientProvider client={client}>
          <Screen queryKey={[key]} queryFn={queryFn} />
        </QueryClientProvider>,
      );
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.queryByLabelText('Loading')).toBeNull();
      expect(queryFn).not.toHaveBeenCalled();
    },
  );

  it('a failure of the browser’s own is asked again on mount, as before', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({
      ...failing('own', new BackendError({ status: 404, code: 'http_404', message: 'Not found' })),
    });
    const queryFn = jest.fn(() => Promise.resolve(['found']));
    render(
      <QueryClientProvider client={client}>
        <Screen queryKey={['own']} queryFn={queryFn} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('found')).toBeInTheDocument();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });
});
