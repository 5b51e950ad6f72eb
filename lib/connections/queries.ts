import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ConnectionsListParams } from '@/lib/connections/endpoints';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import type { ConnectionsSearch } from '@/lib/connections/search';

/** Settings → Connections: the list and one connection (the writes are in connection-mutations.ts, loaded with the dialogs). */

export const connectionEndpoints = () => import('@/lib/connections/endpoints');

export const connectionKeys = {
  all: ['connections'] as const,
  list: (p: ConnectionsListParams) => [...connectionKeys.all, 'list', p] as const,
  detail: (id: string) => [...connectionKeys.all, 'detail', id] as const,
};

export const connectionQueries = {
  /** One page and its total; the previous page stays on screen while the next one loads. */
  list: (p: ConnectionsListParams) =>
    queryOptions({
      ...countedQuery(connectionKeys.list(p), async () =>
        (await connectionEndpoints()).connectionsEndpoint(p),
      ),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      ...endpointQuery(connectionKeys.detail(id), async () =>
        (await connectionEndpoints()).connectionEndpoint(id),
      ),
      select: (rows) => rows[0] ?? null,
    }),
};

/** The list request of a URL state (server page and list). */
export function connectionsListParams(v: ConnectionsSearch, pageSize: number): ConnectionsListParams {
  return {
    query: v.query,
    type: v.type,
    sortBy: v.sortBy,
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}
