// docs/new-screen.md, step 3 — in the product: lib/things/queries.ts
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { countedQuery } from '@/lib/queries/fetcher';
import type { ThingsListParams } from './endpoint';
import type { ThingsSearch } from './search-params';

export const thingKeys = {
  all: ['things'] as const,
  list: (p: ThingsListParams) => [...thingKeys.all, 'list', p] as const,
};

export const thingQueries = {
  /** One page and its total; the previous page stays on screen while the next one loads. */
  list: (p: ThingsListParams) =>
    queryOptions({
      // In the product: async () => (await import('@/lib/things/endpoints')).thingsEndpoint(p)
      ...countedQuery(thingKeys.list(p), async () => (await import('./endpoint')).thingsEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
};

/** The list request of a URL state: the one mapping from the URL to the backend call (server page and list). */
export function thingsListParams(v: ThingsSearch, pageSize: number): ThingsListParams {
  return {
    query: v.query,
    status: v.status,
    sortBy: v.sortBy,
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}
