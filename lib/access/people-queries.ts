import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/queries/fetcher';

/** People for pickers (Add users to a team, the permission dialog's Person). */

export const peopleKeys = {
  all: ['people'] as const,
  list: () => [...peopleKeys.all, 'list'] as const,
};

export const peopleQueries = {
  list: () =>
    queryOptions({
      ...endpointQuery(peopleKeys.list(), async () => (await import('@/lib/access/people-endpoints')).peopleEndpoint()),
      staleTime: 60_000,
    }),
};
