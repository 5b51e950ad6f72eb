import { queryOptions } from '@tanstack/react-query';
import { BackendError } from '@/lib/backend/errors';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { orOfflineFailure } from '@/lib/queries/api-config';
import { fromRow, type SavedView } from '@/lib/palette/saved-views';

/** Saved views on the backend (issue 33): one key family and the list query, which is also the capability probe. */

const endpoints = () => import('@/lib/palette/endpoints');

export const savedViewKeys = {
  all: ['saved_views'] as const,
  list: () => [...savedViewKeys.all, 'list'] as const,
};

export const savedViewQueries = {
  /**
   * The person's views on the backend, or null when the backend does not keep them (it answers 404: a real
   * backend), which means this browser's storage, never an error. Fresh for 30 s, so another browser's change shows
   * on the next focus soon after.
   */
  list: () =>
    queryOptions({
      queryKey: savedViewKeys.list(),
      queryFn: async ({ client, signal }): Promise<SavedView[] | null> => {
        const endpoint = (await orOfflineFailure(endpoints)).savedViewsEndpoint();
        try {
          return (await fetchEndpoint(client, endpoint, signal)).data.map(fromRow);
        } catch (error) {
          if (error instanceof BackendError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: (query) => (query.state.data === null ? Infinity : 30_000),
    }),
};
