import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LogSearchRequest } from '@/lib/logs/endpoints';
import { endpointQuery } from '@/lib/queries/fetcher';
import type { LogsValues } from '@/lib/logs/search';
import { timeRangeOf } from '@/lib/search-params/time-range';
import { resolveTimeRange } from '@/lib/time-range/resolve';

/** The Logs page: the component picker, the chosen component and the search. */

const endpoints = () => import('@/lib/logs/endpoints');

export const LOG_LINE_LIMIT = 500;
const DEFAULT_RANGE_MS = 60 * 60 * 1000;

export const logKeys = {
  all: ['logs'] as const,
  components: () => [...logKeys.all, 'components'] as const,
  component: (id: string) => [...logKeys.all, 'component', id] as const,
  search: (body: LogSearchRequest) => [...logKeys.all, 'search', body] as const,
};

export const logQueries = {
  components: () =>
    queryOptions({
      ...endpointQuery(logKeys.components(), async () => (await endpoints()).componentsWithLogsEndpoint()),
      staleTime: 5 * 60_000,
    }),
  component: (id: string) =>
    queryOptions({
      ...endpointQuery(logKeys.component(id), async () => (await endpoints()).logComponentEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  search: (body: LogSearchRequest) =>
    queryOptions({
      ...endpointQuery(logKeys.search(body), async () => (await endpoints()).logSearchEndpoint(body)),
      placeholderData: keepPreviousData,
    }),
};

/** Relative ranges end "now", rounded to the minute so the server and the browser ask with one key. */
export function logSearchRequest(
  v: LogsValues,
  selector: string,
  now: Date = new Date(),
): LogSearchRequest | null {
  if (!v.topologyId) return null;
  const at = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const resolved = resolveTimeRange(timeRangeOf(v), { now: at });
  const start = resolved?.from ?? new Date(at.getTime() - DEFAULT_RANGE_MS);
  const end = resolved?.to ?? at;
  return {
    id: v.topologyId,
    name: selector,
    ...(v.query.trim() ? { query: v.query.trim() } : {}),
    start: start.toISOString(),
    end: end.toISOString(),
    limit: LOG_LINE_LIMIT,
  };
}
