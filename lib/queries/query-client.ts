import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_STALE_TIME_MS, shouldRetry, shouldRetryOnMount } from '@/lib/queries/fetch-policy';

export { DEFAULT_STALE_TIME_MS, MAX_RETRIES, shouldRetry } from '@/lib/queries/fetch-policy';

let browserQueryClient: QueryClient | undefined;

/**
 * The query client of this browser tab (one for every screen, so cached answers survive navigation), or a fresh
 * one per server render, so that no answer is ever shared between requests.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        retry: shouldRetry,
        retryOnMount: shouldRetryOnMount,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        // Offline, a request fails at once with 'No internet connection. Please try again.' (spec 000 §8) instead of
        // react-query pausing it until the network returns (Run Now would spin for ever without a toast).
        networkMode: 'always',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
