import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Counted, Endpoint } from '@/lib/backend/endpoint';
import {
  checkGraphEndpoint,
  DEFAULT_HEALTH_SUMMARY_PATH,
  healthSummaryEndpoint,
  versionEndpoint,
} from '@/lib/backend/endpoints/canary';
import {
  canaryEndpoint,
  checkDetailEndpoint,
  checkStatusesEndpoint,
  type CheckHistoryParams,
} from '@/lib/backend/endpoints/db';
import { apiRequestWithCount } from '@/lib/queries/api-fetch';
import { canaryKeys, checkKeys, versionKeys } from '@/lib/queries/keys';

/**
 * Query options and hooks of the health screens. The option factories take the runner so that a server page can
 * prefetch the same keys with its backend client (`(e) => backend.requestWithCount(e)`) and hydrate them.
 */
export type EndpointRunner = <T>(endpoint: Endpoint<T>, options: { signal?: AbortSignal }) => Promise<Counted<T>>;

const browserRunner: EndpointRunner = (endpoint, options) => apiRequestWithCount(endpoint, options);

/** The check history of the modal is polled often; a short staleness keeps paging snappy without stale rows. */
export const CHECK_HISTORY_STALE_MS = 10_000;

export const healthQueries = {
  summary: (path: string = DEFAULT_HEALTH_SUMMARY_PATH, run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: canaryKeys.summary(path),
      queryFn: async ({ signal }) => (await run(healthSummaryEndpoint(path), { signal })).data,
    }),
  graph: (checkId: string, start: string, run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: canaryKeys.graph(checkId, start),
      queryFn: async ({ signal }) => (await run(checkGraphEndpoint({ checkId, start }), { signal })).data,
    }),
  checkDetail: (id: string, run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: checkKeys.detail(id),
      queryFn: async ({ signal }) => (await run(checkDetailEndpoint(id), { signal })).data[0] ?? null,
    }),
  checkHistory: (params: CheckHistoryParams, run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: checkKeys.history(params),
      queryFn: ({ signal }) => run(checkStatusesEndpoint(params), { signal }),
      staleTime: CHECK_HISTORY_STALE_MS,
      placeholderData: keepPreviousData,
    }),
  canary: (canaryId: string, run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: checkKeys.canary(canaryId),
      queryFn: async ({ signal }) => (await run(canaryEndpoint(canaryId), { signal })).data[0] ?? null,
    }),
  version: (run: EndpointRunner = browserRunner) =>
    queryOptions({
      queryKey: versionKeys.backend(),
      queryFn: async ({ signal }) => (await run(versionEndpoint(), { signal })).data,
      staleTime: Infinity,
    }),
};

export function useHealthSummary(options: { path?: string; refetchIntervalMs?: number } = {}) {
  return useQuery({ ...healthQueries.summary(options.path), refetchInterval: options.refetchIntervalMs || false });
}

export function useCheckGraph(checkId: string | undefined, start: string) {
  return useQuery({ ...healthQueries.graph(checkId ?? '', start), enabled: Boolean(checkId) });
}

export function useCheckDetail(checkId: string | undefined) {
  return useQuery({ ...healthQueries.checkDetail(checkId ?? ''), enabled: Boolean(checkId) });
}

export function useCheckHistory(params: CheckHistoryParams | undefined) {
  const fallback: CheckHistoryParams = { checkId: '', since: '' };
  return useQuery({ ...healthQueries.checkHistory(params ?? fallback), enabled: Boolean(params?.checkId) });
}

export function useCheckCanary(canaryId: string | undefined | null) {
  return useQuery({ ...healthQueries.canary(canaryId ?? ''), enabled: Boolean(canaryId) });
}

export function useBackendVersion() {
  return useQuery(healthQueries.version());
}
