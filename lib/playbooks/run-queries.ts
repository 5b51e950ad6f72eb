import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/queries/fetcher';
import { LIVE_RUN_REFRESH_MS, isFinalRunStatus } from '@/lib/playbooks/run-status';
import { playbookKeys, playbookRunKeys } from '@/lib/playbooks/queries';

/** The run page's reads (issue 18): the run, its actions and their errors, live while it runs; the people and teams its parameters name. Apart from the lists' queries, which the runs list loads first. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** A live run is refreshed every 2 s, and the refresh stops once it is final. */
const liveInterval = (status: string | null | undefined) =>
  isFinalRunStatus(status) ? false : LIVE_RUN_REFRESH_MS;

export const playbookRunQueries = {
  run: (id: string) =>
    queryOptions({
      ...endpointQuery(playbookRunKeys.run(id), async () => (await endpoints()).playbookRunEndpoint(id)),
      refetchInterval: (query) => liveInterval(query.state.data?.find((r) => r.id === id)?.status),
      refetchIntervalInBackground: false,
    }),
  runActions: (id: string, status: string | null | undefined) =>
    queryOptions({
      ...endpointQuery(playbookRunKeys.runActions(id), async () =>
        (await endpoints()).playbookRunActionsEndpoint(id),
      ),
      refetchInterval: liveInterval(status),
    }),
  actionErrors: (id: string, runIds: readonly string[], status: string | null | undefined) =>
    queryOptions({
      ...endpointQuery(playbookRunKeys.actionErrors(id, runIds), async () =>
        (await endpoints()).playbookRunActionErrorsEndpoint(runIds),
      ),
      refetchInterval: liveInterval(status),
    }),
  teamsByIds: (ids: readonly string[]) =>
    endpointQuery(playbookKeys.refs('teams', ids), async () => (await endpoints()).teamsEndpoint(ids)),
};
