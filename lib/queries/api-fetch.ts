import { BackendError } from '@/lib/backend/errors';
import { parseResponse, requestInitOf, type Counted, type Endpoint } from '@/lib/backend/endpoint';
import { apiFetchConfig as config, isOffline, NETWORK_MESSAGES } from '@/lib/queries/api-config';

/**
 * The browser's only way to the backend: same-origin `/api/...` through the console's proxy, with a timeout,
 * the network toasts of spec 000 §9 and the 401 redirect. Every failure becomes a BackendError (never undefined).
 */

export interface ApiFetchOptions extends RequestInit {
  timeoutMs?: number;
}

function networkFailure(code: keyof typeof NETWORK_MESSAGES, status: number): BackendError {
  const message = NETWORK_MESSAGES[code];
  // One toast per kind even when many queries fail together.
  config.notify(message, `network-${code}`);
  return new BackendError({ status, code, message });
}

/** /auth-state-checker?return_to=<current path and query>, which decides between sign-in and a fresh session. */
export function sessionExpiredUrl(location: Pick<Location, 'pathname' | 'search'>): string {
  return `/auth-state-checker?return_to=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/** fetch of `/api<path>`; resolves only for responses, throws BackendError for network failures and 401. */
export async function apiFetch(path: string, init: ApiFetchOptions = {}): Promise<Response> {
  const { timeoutMs = config.timeoutMs, signal: callerSignal, ...rest } = init;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { ...rest, signal, credentials: 'same-origin' });
  } catch (error) {
    if (callerSignal?.aborted) {
      throw new BackendError({ status: 499, code: 'aborted', message: 'The request was cancelled.' });
    }
    if (timeout.aborted) throw networkFailure('timeout', 504);
    if (isOffline()) throw networkFailure('offline', 0);
    void error;
    throw networkFailure('network', 0);
  }
  if (response.status === 401 && config.authMode !== 'none' && typeof window !== 'undefined') {
    config.navigate(sessionExpiredUrl(window.location));
  }
  if (response.status === 504) config.notify(NETWORK_MESSAGES.timeout, 'network-timeout');
  return response;
}

/** Runs an endpoint through the proxy and returns its zod-parsed data and Content-Range total. */
export async function apiRequestWithCount<T>(
  endpoint: Endpoint<T>,
  options: { signal?: AbortSignal } = {},
): Promise<Counted<T>> {
  const response = await apiFetch(endpoint.path, { ...requestInitOf(endpoint), signal: options.signal });
  return parseResponse(endpoint, response);
}

export async function apiRequest<T>(
  endpoint: Endpoint<T>,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  return (await apiRequestWithCount(endpoint, options)).data;
}
