import { QueryClient } from '@tanstack/react-query';
import { BackendError } from '@/lib/backend/errors';

/** Spec 000 §9: data is fresh for 5 minutes. */
export const DEFAULT_STALE_TIME_MS = 300_000;
export const MAX_RETRIES = 3;

/** Retries network failures, time-outs and 5xx up to 3 times; a 4xx, a cancellation or a malformed answer never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof BackendError) {
    if (error.status >= 400 && error.status < 500) return false;
    if (error.code === 'invalid_response' || error.code === 'aborted') return false;
  }
  return true;
}

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
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}
