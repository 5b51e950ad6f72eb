import { queryOptions } from '@tanstack/react-query';
import type { PlaybookTarget } from '@/lib/playbooks/endpoints';
import type { JsonSchema } from '@/lib/forms/json-schema';
import { endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import { loadSchemaDiagnostics } from '@/lib/playbooks/parameter-schemas';
import { playbookKeys } from '@/lib/playbooks/queries';

/** The run dialog's and the editor's reads (issue 18): runnable playbooks, parameters, people and teams to pick, the spec schema. They load with those dialogs. */

const endpoints = () => import('@/lib/playbooks/endpoints');

export const playbookFormQueries = {
  teams: () =>
    queryOptions({
      ...endpointQuery(playbookKeys.teams(), async () => (await endpoints()).teamsEndpoint()),
      staleTime: 60_000,
    }),
  specSchema: () =>
    queryOptions({
      ...endpointQuery([...playbookKeys.all, 'spec-schema'] as const, async () =>
        (await endpoints()).playbookSpecSchemaEndpoint(),
      ),
      staleTime: Infinity,
    }),
  /** A code parameter's JSON schema the backend serves, with the validator (both load with the run dialog's field). */
  parameterSchema: (file: string) =>
    queryOptions({
      queryKey: [...playbookKeys.all, 'parameter-schema', file] as const,
      queryFn: async ({ client, signal }) => {
        const [answer, diagnostics] = await Promise.all([
          fetchEndpoint(client, (await endpoints()).parameterSchemaEndpoint(file), signal),
          loadSchemaDiagnostics(),
        ]);
        return { schema: answer.data as JsonSchema, diagnostics };
      },
      staleTime: Infinity,
      retry: false,
    }),
  forTarget: (target: PlaybookTarget) =>
    endpointQuery(playbookKeys.forTarget(target), async () =>
      (await endpoints()).playbookListEndpoint(target),
    ),
  params: (playbookId: string, target: Partial<Record<'check_id' | 'config_id' | 'component_id', string>>) =>
    queryOptions({
      ...endpointQuery(playbookKeys.params(playbookId, target), async () =>
        (await endpoints()).playbookParamsEndpoint(playbookId, target),
      ),
      select: (answer) => answer.params,
    }),
};
