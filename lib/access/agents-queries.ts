import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AgentsListParams } from '@/lib/access/agents-endpoints';
import { NIL_AGENT_ID } from '@/lib/constants';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';

/**
 * Every read of agents, one family (an agent's add, edit or delete refreshes them all): /settings/agents' server-paged
 * list and one agent, the agent dropdown and card names of topology, the agent tabs of health. The writes are in
 * agents-mutations.ts, so that the screens that only name agents carry no mutation code.
 */

const endpoints = () => import('@/lib/access/agents-endpoints');

export const agentKeys = {
  all: ['agents'] as const,
  list: (p: AgentsListParams) => [...agentKeys.all, 'list', p] as const,
  detail: (id: string) => [...agentKeys.all, 'detail', id] as const,
  choices: () => [...agentKeys.all, 'choices'] as const,
  names: (ids: readonly string[]) => [...agentKeys.all, 'names', ...ids] as const,
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
  /** Every agent by name: topology's agent filter and the agent names of its cards. */
  choices: () => endpointQuery(agentKeys.choices(), async () => (await endpoints()).agentsEndpoint()),
  /** The names of the given agents, by id (the nil id is the local agent and is not looked up). */
  names: (ids: readonly string[]) =>
    queryOptions({
      ...endpointQuery(agentKeys.names(ids), async () =>
        (await endpoints()).agentNamesEndpoint(ids.filter((id) => id !== NIL_AGENT_ID)),
      ),
      select: (rows) => new Map(rows.map((row) => [row.id, row.name || row.id])),
      enabled: ids.some((id) => id !== NIL_AGENT_ID),
    }),
};
