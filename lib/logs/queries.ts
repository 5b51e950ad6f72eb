import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { LogSearchRequest } from '@/lib/logs/endpoints';
import { endpointQuery } from '@/lib/queries/fetcher';
import type { LogsValues } from '@/lib/logs/search';
import { timeRangeOf } from '@/lib/search-params/time-range';
import { resolveTimeRange } from '@/lib/time-range/resolve';
import type { TimeRange } from '@/lib/time-range/types';

/** The Logs page: the component picker, the chosen component and the search. */

const endpoints = () => import('@/lib/logs/endpoints');

export const LOG_LINE_LIMIT = 500;
const DEFAULT_RANGE_MS = 60 * 60 * 1000;

export const logKeys = {
  all: ['logs'] as const,
  components: () => [...logKeys.all, 'components'] as const,
  component: (id: string) => [...logKeys.all, 'component', id] as const,
  search: (q: LogSearchQuery) => [...logKeys.all, 'search', q] as const,
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
  search: (q: LogSearchQuery) =>
    queryOptions({
      ...endpointQuery(logKeys.search(q), async () =>
        (await endpoints()).logSearchEndpoint(logSearchBody(q)),
      ),
      placeholderData: keepPreviousData,
    }),
};

/**
 * A logs search as the URL names it: the window stays a range (`now-1h`) in the key and is resolved when fetched,
 * so the server's and the browser's key are the same (a "now" rounded to the minute differed when the server
 * rendered just before a minute's end: the browser then showed a loading state over the server's rows, a
 * hydration error).
 */
export interface LogSearchQuery extends Omit<LogSearchRequest, 'start' | 'end'> {
  range: TimeRange | null;
}

export function logSearchRequest(v: LogsValues, selector: string): LogSearchQuery | null {
  if (!v.topologyId) return null;
  return {
    id: v.topologyId,
    name: selector,
    ...(v.query.trim() ? { query: v.query.trim() } : {}),
    range: timeRangeOf(v),
    limit: LOG_LINE_LIMIT,
  };
}

/** The request body at fetch time: the range's bounds, or the last hour. */
export function logSearchBody(q: LogSearchQuery, now: Date = new Date()): LogSearchRequest {
  const { range, ...rest } = q;
  const resolved = resolveTimeRange(range, { now });
  const start = resolved?.from ?? new Date(now.getTime() - DEFAULT_RANGE_MS);
  const end = resolved?.to ?? now;
  return { ...rest, start: start.toISOString(), end: end.toISOString() };
}
