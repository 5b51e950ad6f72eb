import { queryOptions } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/queries/fetcher';

/** The backend's version for the user menu's version line (spec 000 §2). */
export const versionQuery = () =>
  queryOptions({
    ...endpointQuery(['version', 'backend'] as const, async () =>
      (await import('@/lib/backend/endpoints/version')).versionEndpoint(),
    ),
    staleTime: Infinity,
  });
