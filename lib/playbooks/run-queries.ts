import { queryOptions } from '@tanstack/react-query';
import type { PlaybookRun } from '@/lib/playbooks/endpoints';
import { SECRET_MASK } from '@/lib/forms/secret-value';
import { endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import { redactSecretParameters } from '@/lib/playbooks/parameter-kinds';
import { LIVE_RUN_REFRESH_MS, isFinalRunStatus } from '@/lib/playbooks/run-status';
import { playbookKeys, playbookRunKeys } from '@/lib/playbooks/queries';

/** The run page's reads (issue 18): the run, its actions and their errors, live while it runs; the people and teams its parameters name. Apart from the lists' queries, which the runs list loads first. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** A live run is refreshed every 2 s, and the refresh stops once it is final. */
const liveInterval = (status: string | null | undefined) =>
  isFinalRunStatus(status) ? false : LIVE_RUN_REFRESH_MS;

/**
 * What the cache keeps of a run: secret parameters as the mask and no `request` (the backend's copy of the
 * parameters, which the page does not use). The embedded backend stores secrets write-only already; this holds for
 * any backend, and the cache is what the server HTML carries (the prefetched hand-over) — issue 31 item 3.
 */
function withoutSecrets(run: PlaybookRun): PlaybookRun {
  const { request: _request, ...rest } = run as PlaybookRun & { request?: unknown };
  return { ...rest, parameters: redactSecretParameters(run.parameters, run.spec?.parameters, SECRET_MASK) };
}

export const playbookRunQueries = {
  run: (id: string) =>
    queryOptions({
      queryKey: playbookRunKeys.run(id),
      queryFn: async ({ client, signal }) =>
        (await fetchEndpoint(client, (await endpoints()).playbookRunEndpoint(id), signal)).data.map(
          withoutSecrets,
        ),
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
