import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PlaybookRunsParams, PlaybookTarget } from '@/lib/playbooks/endpoints';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';
import type { TimeRange } from '@/lib/time-range/types';

/** The playbooks screens' reads (issue 18): playbooks and the one list of their runs, for every screen that shows runs. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** A runs page as the URL names it: the window stays a range (`now-7d`) in the key and is resolved when fetched. */
export interface PlaybookRunsQuery extends Omit<PlaybookRunsParams, 'from' | 'to'> {
  range: TimeRange | null;
}

export const playbookKeys = {
  all: ['playbooks'] as const,
  list: () => [...playbookKeys.all, 'list'] as const,
  one: (id: string) => [...playbookKeys.all, 'one', id] as const,
  refs: (kind: 'teams', ids: readonly string[]) => [...playbookKeys.all, 'refs', kind, ids] as const,
  teams: () => [...playbookKeys.all, 'teams'] as const,
  forTarget: (target: PlaybookTarget) => [...playbookKeys.all, 'for', target] as const,
  params: (playbookId: string, target: Partial<Record<'check_id' | 'config_id' | 'component_id', string>>) =>
    [...playbookKeys.all, 'params', playbookId, target] as const,
};

/** The runs page of one resource (a catalog item, a component or a check): newest first, no other filter. */
export function playbookRunsOf(
  resource: { configId: string } | { componentId: string } | { checkId: string },
  pageIndex: number,
  pageSize: number,
): PlaybookRunsQuery {
  return {
    playbookId: null,
    status: null,
    range: null,
    ...resource,
    sortBy: 'created_at',
    sortDesc: true,
    pageIndex,
    pageSize,
  };
}

/**
 * Every read of playbook runs, one family: the runs list wherever it shows (/playbooks/runs, a catalog item's
 * tab, a component's or check's panel), the cards' recent runs, and a run's page. Running, approving or
 * cancelling invalidates `all`, so no screen keeps a stale run.
 */
export const playbookRunKeys = {
  all: ['playbook-runs'] as const,
  list: (q: PlaybookRunsQuery) => [...playbookRunKeys.all, 'list', q] as const,
  recent: () => [...playbookRunKeys.all, 'recent'] as const,
  run: (id: string) => [...playbookRunKeys.all, 'run', id] as const,
  runActions: (id: string) => [...playbookRunKeys.run(id), 'actions'] as const,
  actionErrors: (id: string, runIds: readonly string[]) =>
    [...playbookRunKeys.run(id), 'errors', runIds] as const,
};

/** How far back the cards count runs. */
export const RECENT_RUNS_DAYS = 7;

export const playbookQueries = {
  list: () => endpointQuery(playbookKeys.list(), async () => (await endpoints()).playbooksEndpoint()),
  one: (id: string) =>
    queryOptions({
      ...endpointQuery(playbookKeys.one(id), async () => (await endpoints()).playbookEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  recentRuns: () =>
    endpointQuery(playbookRunKeys.recent(), async () =>
      (await endpoints()).recentPlaybookRunsEndpoint(
        new Date(Date.now() - RECENT_RUNS_DAYS * 86_400_000).toISOString(),
      ),
    ),
  runs: (q: PlaybookRunsQuery) =>
    queryOptions({
      ...countedQuery(playbookRunKeys.list(q), async () => {
        // The range code loads with the first browser fetch of a windowed list, not with the pages that only read runs by id or resource.
        const { range, ...rest } = q;
        const window = range
          ? (await import('@/lib/time-range/resolve')).rangeWindow(range)
          : { from: null, to: null };
        return (await endpoints()).playbookRunsEndpoint({ ...rest, ...window });
      }),
      placeholderData: keepPreviousData,
    }),
};
