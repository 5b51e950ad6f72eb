'use client';

import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useUrlSorting } from '@/components/data-table/use-url-sorting';
import type { ListSort } from '@/lib/operations/endpoints';
import { listSortOf } from '@/lib/operations/queries';
import type { ParamSpecs, SearchParamsContract } from '@/lib/search-params/define';
import { useUrlState } from '@/lib/search-params/use-url-state';

/**
 * A settings list the backend sorts (log backends, event queue): its URL state, the column headers' sort written
 * into the URL, and the list's query for that sort. No sorting code in the page's first load.
 */
export function useBackendSortedList<S extends ParamSpecs, TQueryFnData, TData, K extends QueryKey>(
  contract: SearchParamsContract<S>,
  listOf: (sort: ListSort) => UseQueryOptions<TQueryFnData, Error, TData, K>,
) {
  const urlState = useUrlState(contract);
  const { sorting, onSortingChange } = useUrlSorting(urlState);
  // The contracts of these lists carry sortParams (sortBy, sortOrder); ParamValues<S> cannot say so generically.
  const query = useQuery(listOf(listSortOf(urlState[0] as Parameters<typeof listSortOf>[0])));
  return { urlState, query, sortProps: { sorting, onSortingChange, manualSorting: true } as const };
}
