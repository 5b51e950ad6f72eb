import { isServer, queryOptions } from '@tanstack/react-query';
import { decodeHealthChecks, type CompactHealthChecks } from '@/lib/health/compact';
import type { HealthCheck } from '@/lib/health/types';
import { orOfflineFailure } from '@/lib/queries/api-config';
import { fetchEndpoint } from '@/lib/queries/fetcher';

/**
 * The health list's data (/health, /view/health): the summary, and agent names for the tabs. A check's own data
 * (the panel) is in lib/health/check-queries.ts, loaded with the panel.
 */

export const healthKeys = {
  all: ['health'] as const,
  summary: (path: string) => [...healthKeys.all, 'summary', path] as const,
};

/**
 * The summary as cached: the server's answer in the columnar form, because it is handed to the browser inside the
 * HTML (5,000 checks are ~2.0 MB as objects and ~0.4 MB columnar, lib/health/compact.ts); the browser's own
 * answers as they are (encoding them would only cost time). `select` gives the checks either way.
 */
export type HealthSummaryData = { compact: CompactHealthChecks } | { checks: HealthCheck[] };

/** The checks of the cached summary (module scope, so that react-query keeps the result per answer). */
export function healthChecksOf(data: HealthSummaryData): HealthCheck[] {
  return 'checks' in data ? data.checks : decodeHealthChecks(data.compact);
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
        if (!isServer) return { checks: data };
        return { compact: (await import('@/lib/health/compact-encode')).encodeHealthChecks(data) };
      },
      select: healthChecksOf,
    }),
};
