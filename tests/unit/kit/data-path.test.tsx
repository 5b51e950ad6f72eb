import * as React from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import {
  dehydrate,
  HydrationBoundary,
  onlineManager,
  QueryClientProvider,
  useMutation,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { configureApiFetch, NETWORK_MESSAGES } from '@/lib/queries/api-config';
import { bindEndpointFetcher, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import { createQueryClient } from '@/lib/queries/query-client';

const thing: Endpoint<{ name: string }[]> = {
  path: '/db/things?select=name',
  schema: z.array(z.object({ name: z.string() })),
};
const thingsQuery = () => endpointQuery(['things'] as const, () => thing);

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
const notify = jest.fn();

beforeEach(() => {
  jest.clearAllMocks();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', notify, timeoutMs: 1000 });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

function Things() {
  const { data } = useQuery(thingsQuery());
  return <p>{data ? data.map((t) => t.name).join(',') : 'loading'}</p>;
}

function withClient(client: QueryClient, children: React.ReactNode) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the data path', () => {
  it('one query options factory: the server runs it with its backend client, the browser continues from the hand-over without fetching', async () => {
    const serverBackend = jest.fn(async () => ({ data: [{ name: 'from-server' }], total: undefined }));
    const server = bindEndpointFetcher(createQueryClient(), serverBackend as never);
    await server.prefetchQuery(thingsQuery());
    expect(serverBackend).toHaveBeenCalledWith(thing, expect.any(AbortSignal));
    // The dehydrated state crosses to the browser as JSON (the RSC payload).
    const state = JSON.parse(JSON.stringify(dehydrate(server)));
    render(
      withClient(
        createQueryClient(),
        <HydrationBoundary state={state}>
          <Things />
        </HydrationBoundary>,
      ),
    );
    expect(screen.getByText('from-server')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('the browser fetches through the /api proxy and validates the answer with the endpoint schema', async () => {
    const body = JSON.stringify([{ name: 'a' }, { name: 'b' }]);
    fetchMock.mockResolvedValue({
      ok: true,
      status: 200,
      headers: new Headers(),
      text: async () => body,
    } as Response);
    render(withClient(createQueryClient(), <Things />));
    await screen.findByText('a,b');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/db/things?select=name');
  });

  it('offline, a mutation fails at once with the spec message instead of waiting for the network', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    // What the browser's offline event tells react-query (which would otherwise pause the request until online).
    onlineManager.setOnline(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const client = createQueryClient();
    function RunNow() {
      const run = useMutation({
        mutationFn: async () => (await fetchEndpoint(client, { ...thing, method: 'POST' })).data,
      });
      React.useEffect(() => run.mutate(), []); // eslint-disable-line react-hooks/exhaustive-deps
      return <p>{run.isError ? run.error.message : run.isPaused ? 'paused' : 'running'}</p>;
    }
    render(withClient(client, <RunNow />));
    await waitFor(() => expect(screen.getByText(NETWORK_MESSAGES.offline)).toBeInTheDocument());
    expect(notify).toHaveBeenCalledWith(NETWORK_MESSAGES.offline, 'network-offline');
    onlineManager.setOnline(true);
  });
});
