import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { DEFAULT_HEALTH_SUMMARY_PATH, healthSummaryEndpoint, runCheckEndpoint } from '@/lib/backend/endpoints/canary';
import { agentsByIdsEndpoint } from '@/lib/backend/endpoints/health-checks';
import { NIL_AGENT_ID } from '@/lib/constants';
import { toHealthCheck, type HealthCheck } from '@/lib/health/types';
import { apiRequest, apiRequestWithCount } from '@/lib/queries/api-fetch';
import type { EndpointRunner } from '@/lib/queries/health';
import { canaryKeys, checkKeys } from '@/lib/queries/keys';

/**
 * The health list's query: the summary trimmed to the fields the list uses, under its own key so that the
 * server prefetch and the browser share one small cache entry.
 */
export const healthListKey = (path: string) => [...canaryKeys.summary(path), 'list'] as const;

const browserRunner: EndpointRunner = (endpoint, options) => apiRequestWithCount(endpoint, options);

export function healthListQuery(path: string = DEFAULT_HEALTH_SUMMARY_PATH, run: EndpointRunner = browserRunner) {
  return queryOptions({
    queryKey: healthListKey(path),
    queryFn: async ({ signal }): Promise<HealthCheck[]> => {
      const summary = (await run(healthSummaryEndpoint(path), { signal })).data;
      return (summary.checks_summary ?? []).map(toHealthCheck);
    },
  });
}

/** The answer of a single check run (backend-contract §2.1); every field is optional. */
export const runCheckResultSchema = z
  .looseObject({
    pass: z.boolean().nullish(),
    invalid: z.boolean().nullish(),
    duration: z.number().nullish(),
    message: z.string().nullish(),
    error: z.string().nullish(),
    start: z.string().nullish(),
  })
  .nullish();
export type RunCheckResult = z.infer<typeof runCheckResultSchema>;

/** Run Now: runs the check, then refreshes the panel's check, graph, history and the list. */
export function useRunCheckNow(checkId: string, summaryPath: string = DEFAULT_HEALTH_SUMMARY_PATH) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<RunCheckResult> => {
      // An answer of another shape still means the run happened; it is shown without details.
      const parsed = runCheckResultSchema.safeParse(await apiRequest(runCheckEndpoint(checkId)));
      return parsed.success ? parsed.data : null;
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkKeys.detail(checkId) }),
        queryClient.invalidateQueries({ queryKey: [...checkKeys.all, 'history', checkId] }),
        queryClient.invalidateQueries({ queryKey: [...canaryKeys.all, 'graph', checkId] }),
        queryClient.invalidateQueries({ queryKey: healthListKey(summaryPath) }),
      ]);
    },
  });
}

/** Agent names for the tabs when Tab By is agent (the nil id is the local agent and is not looked up). */
export function useAgentNames(ids: readonly string[], enabled: boolean) {
  const sorted = [...ids].filter((id) => id !== NIL_AGENT_ID).sort();
  return useQuery({
    queryKey: ['agents', 'names', sorted] as const,
    queryFn: ({ signal }) => apiRequest(agentsByIdsEndpoint(sorted), { signal }),
    enabled: enabled && sorted.length > 0,
    select: (rows) => new Map(rows.map((row) => [row.id, row.name ?? row.id])),
  });
}
