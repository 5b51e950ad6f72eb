import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { Counted, Endpoint } from '@/lib/backend/endpoint';
import { orOfflineFailure } from '@/lib/queries/api-config';

/**
 * How a query client runs endpoints: the browser's goes through the /api proxy (the default); a server render's
 * client is bound to the request's backend client (lib/queries/server.ts). So one query options factory, with one
 * key and one fetcher, serves both the server prefetch and the browser.
 */
export type EndpointFetcher = <T>(endpoint: Endpoint<T>, signal?: AbortSignal) => Promise<Counted<T>>;

const fetchers = new WeakMap<QueryClient, EndpointFetcher>();

/** Through the /api proxy; the fetch layer loads with the first browser request, not with the page. */
const browserFetcher: EndpointFetcher = async (endpoint, signal) =>
  (await orOfflineFailure(loadApiFetch)).apiRequestWithCount(endpoint, { signal });

/** The browser's fetch layer; also preloaded when the page is idle (components/shell/network-status.tsx). */
export const loadApiFetch = () => import('@/lib/queries/api-fetch');

export function bindEndpointFetcher(client: QueryClient, fetcher: EndpointFetcher): QueryClient {
  fetchers.set(client, fetcher);
  return client;
}

/** Runs an endpoint with the client's fetcher: its data and its Content-Range total. */
export function fetchEndpoint<T>(
  client: QueryClient,
  endpoint: Endpoint<T>,
  signal?: AbortSignal,
): Promise<Counted<T>> {
  return (fetchers.get(client) ?? browserFetcher)(endpoint, signal);
}

/**
 * Query options of one endpoint. `endpoint` is usually a dynamic import of the endpoint module, so that its zod
 * schemas load with the first browser fetch instead of with the page (the server already rendered the data).
 */
export function endpointQuery<T, K extends QueryKey>(
  queryKey: K,
  endpoint: () => Promise<Endpoint<T>> | Endpoint<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }) =>
      (await fetchEndpoint(client, await orOfflineFailure(endpoint), signal)).data,
  });
}

/** Query options of a page of rows with its total (`Prefer: count=exact`), for server-paged lists. */
export function countedQuery<T, K extends QueryKey>(
  queryKey: K,
  endpoint: () => Promise<Endpoint<T>> | Endpoint<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ client, signal }) => fetchEndpoint(client, await orOfflineFailure(endpoint), signal),
  });
}
