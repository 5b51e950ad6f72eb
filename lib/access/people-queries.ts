import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/queries/fetcher';

/**
 * Every read of people, one family (a user's invite, edit or delete refreshes them all): the admin pickers (Add
 * users to a team, the permission dialog's Person), and the names every role may read that other features show
 * (incidents' owners and responders, a playbook's people parameter and a run's, a change's creator).
 */

const endpoints = () => import('@/lib/access/people-endpoints');

/** Names change rarely: a minute before a picker asks again. */
const PICKER_STALE_MS = 60_000;

export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
  choices: () => [...peopleKeys.all, 'names'] as const,
  withRoles: () => [...peopleKeys.all, 'with-roles'] as const,
  byIds: (ids: readonly string[]) => [...peopleKeys.all, 'by-id', ids] as const,
};

export const peopleQueries = {
  list: () =>
    queryOptions({
      ...endpointQuery(peopleKeys.list(), async () => (await endpoints()).peopleEndpoint()),
      staleTime: PICKER_STALE_MS,
    }),
  choices: () =>
    queryOptions({
      ...endpointQuery(peopleKeys.choices(), async () => (await endpoints()).peopleChoicesEndpoint()),
      staleTime: PICKER_STALE_MS,
    }),
  withRoles: () =>
    queryOptions({
      ...endpointQuery(peopleKeys.withRoles(), async () => (await endpoints()).peopleWithRolesEndpoint()),
      staleTime: PICKER_STALE_MS,
      // Admin only: a refusal is an answer, not a glitch to retry.
      retry: false,
    }),
  byIds: (ids: readonly string[]) =>
    endpointQuery(peopleKeys.byIds(ids), async () => (await endpoints()).peopleByIdsEndpoint(ids)),
  person: (id: string) =>
    queryOptions({
      ...endpointQuery(peopleKeys.byIds([id]), async () => (await endpoints()).personEndpoint(id)),
      select: (rows) => rows[0] ?? null,
      staleTime: 5 * 60_000,
    }),
};
