import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckHistoryParams } from '@/lib/health/check-endpoints';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';

/** One check's data and Run Now (the check panel, loaded when a check is opened). */

const canaryEndpoints = () => import('@/lib/health/endpoints');
const dbEndpoints = () => import('@/lib/health/check-endpoints');

export const checkKeys = {
  all: ['checks'] as const,
  check: (checkId: string) => [...checkKeys.all, checkId] as const,
  detail: (checkId: string) => [...checkKeys.check(checkId), 'detail'] as const,
  history: (params: CheckHistoryParams) => [...checkKeys.check(params.checkId), 'history', params] as const,
  graph: (checkId: string, start: string) => [...checkKeys.check(checkId), 'graph', start] as const,
  canary: (canaryId: string) => [...checkKeys.all, 'canary', canaryId] as const,
};

/** The history is paged often; a short staleness keeps paging snappy without stale rows. */
const CHECK_HISTORY_STALE_MS = 10_000;

export const checkQueries = {
  graph: (checkId: string, start: string) =>
    endpointQuery(checkKeys.graph(checkId, start), async () =>
      (await canaryEndpoints()).checkGraphEndpoint({ checkId, start }),
    ),
  detail: (checkId: string) =>
    queryOptions({
      ...endpointQuery(checkKeys.detail(checkId), async () =>
        (await dbEndpoints()).checkDetailEndpoint(checkId),
      ),
      select: (rows) => rows[0] ?? null,
    }),
  history: (params: CheckHistoryParams) =>
    queryOptions({
      ...countedQuery(checkKeys.history(params), async () =>
        (await dbEndpoints()).checkStatusesEndpoint(params),
      ),
      staleTime: CHECK_HISTORY_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  canary: (canaryId: string) =>
    queryOptions({
      ...endpointQuery(checkKeys.canary(canaryId), async () =>
        (await dbEndpoints()).canaryEndpoint(canaryId),
      ),
      select: (rows) => rows[0] ?? null,
    }),
};

export function useCheckGraph(checkId: string, start: string) {
  return useQuery(checkQueries.graph(checkId, start));
}

export function useCheckDetail(checkId: string) {
  return useQuery(checkQueries.detail(checkId));
}

export function useCheckHistory(params: CheckHistoryParams) {
  return useQuery(checkQueries.history(params));
}

export function useCheckCanary(canaryId: string | undefined | null) {
  return useQuery({ ...checkQueries.canary(canaryId ?? ''), enabled: Boolean(canaryId) });
}

/** Run Now (spec 000 §2): runs the check, then refreshes the panel's data; `onRan` refreshes the list. */
export function useRunCheckNow(checkId: string, onRan: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await fetchEndpoint(queryClient, (await canaryEndpoints()).runCheckEndpoint(checkId))).data,
    onSuccess: async () => {
      onRan();
      await queryClient.invalidateQueries({ queryKey: checkKeys.check(checkId) });
    },
  });
}
