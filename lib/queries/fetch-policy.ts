import type { Query } from '@tanstack/react-query';
import { errorCode, errorStatus, isHandedOverError } from '@/lib/backend/error-status';

/** The fetch policy of every query client (lib/queries/query-client.ts): freshness and retries. */

/** Spec 000 §9: data is fresh for 5 minutes. */
export const DEFAULT_STALE_TIME_MS = 300_000;
export const MAX_RETRIES = 3;

/** Retries network failures, time-outs and 5xx up to 3 times; a 4xx, a cancellation or a malformed answer never. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  const status = errorStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  const code = errorCode(error);
  if (code === 'invalid_response' || code === 'aborted') return false;
  return true;
}

/**
 * A failure the server render handed over stays as the server HTML shows it (Unauthorized, not found, the error with
 * Retry): asking again on mount would swap it for a skeleton during hydration (issue 34). Other failures are asked
 * again when a screen mounts, as react-query does by default.
 */
export function shouldRetryOnMount(query: Pick<Query, 'state'>): boolean {
  return !isHandedOverError(query.state.error);
}
