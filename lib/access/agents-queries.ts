import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentsListParams, GenerateAgentRequest } from '@/lib/access/agents-endpoints';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';

/** /settings/agents: the server-paged list, one agent, and add / edit / delete (the list refetches after each). */

const endpoints = () => import('@/lib/access/agents-endpoints');

export const agentKeys = {
  all: ['agents-summary'] as const,
  list: (p: AgentsListParams) => [...agentKeys.all, 'list', p] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
};

export const agentQueries = {
  list: (p: AgentsListParams) =>
    queryOptions({
      ...countedQuery(agentKeys.list(p), async () => (await endpoints()).agentsSummaryEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      ...endpointQuery(agentKeys.detail(id), async () => (await endpoints()).agentSummaryEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
};

export type AgentWrite =
  | { kind: 'generate'; body: GenerateAgentRequest }
  | { kind: 'update'; id: string; properties: Record<string, string> }
  | { kind: 'delete'; id: string; cleanup: boolean };

export function useAgentWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    // The generated token lives only in the caller's state: not in the query cache, and the mutation forgets it.
    gcTime: 0,
    mutationFn: async (write: AgentWrite) => {
      const e = await endpoints();
      if (write.kind === 'generate') return (await fetchEndpoint(queryClient, e.generateAgentEndpoint(write.body))).data;
      await fetchEndpoint(queryClient, write.kind === 'update' ? e.updateAgentEndpoint(write.id, write.properties) : e.deleteAgentEndpoint(write.id, write.cleanup));
      return null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKeys.all }),
  });
}
