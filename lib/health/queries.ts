import { isServer, queryOptions } from '@tanstack/react-query';
import type { HealthBoardMeta, HealthBoardRequest } from '@/lib/health/board';
import { decodeHealthChecks, type CompactHealthChecks } from '@/lib/health/compact';
import type { HealthCheck } from '@/lib/health/types';
import { orOfflineFailure } from '@/lib/queries/api-config';
import { fetchEndpoint } from '@/lib/queries/fetcher';

/**
 * The health list's data (/health, /view/health): a page of the board where the backend pages it, else the whole
 * summary. A check's own data (the panel) is in lib/health/check-queries.ts, loaded with the panel.
 */

export const healthKeys = {
  all: ['health'] as const,
  summary: (path: string) => [...healthKeys.all, 'summary', path] as const,
  board: (path: string, request: HealthBoardRequest) => [...healthKeys.all, 'board', path, request] as const,
};

/**
 * The checks as cached: the server's answer in the columnar form, because it is handed to the browser inside the
 * HTML (5,000 checks are ~2.0 MB as objects and ~0.4 MB columnar, lib/health/compact.ts); the browser's own
 * answers as they are (encoding them would only cost time). `select` gives the checks either way.
 */
export type HealthSummaryData = { compact: CompactHealthChecks } | { checks: HealthCheck[] };

/** A board page as cached: its checks as above, and the board's counts when the backend paged it. */
export type HealthBoardData = HealthSummaryData & { board?: HealthBoardMeta };

/** The checks of the cached summary (module scope, so that react-query keeps the result per answer). */
export function healthChecksOf(data: HealthSummaryData): HealthCheck[] {
  return 'checks' in data ? data.checks : decodeHealthChecks(data.compact);
}

function selectBoard(data: HealthBoardData): { checks: HealthCheck[]; board?: HealthBoardMeta } {
  return { checks: healthChecksOf(data), board: data.board };
}

/** The checks in the form the cache keeps (see HealthSummaryData). */
async function cachedForm(checks: HealthCheck[]): Promise<HealthSummaryData> {
  if (!isServer) return { checks };
  return { compact: (await import('@/lib/health/compact-encode')).encodeHealthChecks(checks) };
}

export const healthQueries = {
  summary: (path: string) =>
    queryOptions({
      queryKey: healthKeys.summary(path),
      queryFn: async ({ client, signal }): Promise<HealthSummaryData> => {
        const { healthChecksEndpoint } = await orOfflineFailure(
          () => import('@/lib/health/summary-endpoint'),
        );
        const { data } = await fetchEndpoint(client, healthChecksEndpoint(path), signal);
        return cachedForm(data);
      },
      select: healthChecksOf,
    }),
  /**
   * A page of the board. A backend without the extension answers every check: they are cached as the whole summary
   * instead (this entry keeps none and no `board`), which the dashboard uses from then on, its board derived in the
   * browser with no request per filter.
   */
  board: (path: string, request: HealthBoardRequest) =>
    queryOptions({
      queryKey: healthKeys.board(path, request),
      queryFn: async ({ client, signal }): Promise<HealthBoardData> => {
        const { healthBoardEndpoint } = await orOfflineFailure(() => import('@/lib/health/summary-endpoint'));
        const { data } = await fetchEndpoint(client, healthBoardEndpoint(path, request), signal);
        if (data.board) return { ...(await cachedForm(data.checks)), board: data.board };
        // Cached once, as the whole summary: the server's HTML carries the checks a single time.
        client.setQueryData(healthKeys.summary(path), await cachedForm(data.checks));
        return { checks: [] };
      },
      select: selectBoard,
    }),
};
