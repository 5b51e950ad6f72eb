import type { AuthMode } from '@/lib/routes';

/**
 * The browser fetch layer's settings, apart from lib/queries/api-fetch.ts: the query provider sets them on every
 * data screen, while the fetch layer itself loads with the first browser request (the first paint is the server's).
 */

export const API_TIMEOUT_MS = 30_000;

interface ApiFetchConfig {
  /** Standalone mode ('none') has no sign-in, so a 401 is shown rather than redirected. */
  authMode?: AuthMode;
  timeoutMs: number;
  /** Full-page navigation for the 401 redirect (replaceable in tests: jsdom cannot navigate). */
  navigate: (url: string) => void;
  /**
   * Shows a network failure to the person (the query provider passes the toast; lib/ does not import components).
   * `id` lets many failing requests share one toast.
   */
  notify: (message: string, id: string) => void;
  /** Shows a failed write with the spec's error toast (useEndpointMutation's default; the query provider passes it). */
  notifyError: (error: unknown) => void;
}

export const apiFetchConfig: ApiFetchConfig = {
  timeoutMs: API_TIMEOUT_MS,
  navigate: (url) => window.location.assign(url),
  notify: (message) => console.warn(message),
  notifyError: (error) => console.warn(error),
};

/** Called by the query provider with the session's mode and the toasts. */
export function configureApiFetch(options: Partial<ApiFetchConfig>): void {
  Object.assign(apiFetchConfig, options);
}

/** Spec 000 §9's network messages. */
export const NETWORK_MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  network: 'Network Error. Please try again.',
  offline: 'No internet connection. Please try again.',
} as const;

export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The failure of anything the browser could not do while offline, read like a BackendError (status 0). */
function offlineFailure(): Error & { status: number; code: 'offline' } {
  const error = Object.assign(new Error(NETWORK_MESSAGES.offline), { status: 0, code: 'offline' as const });
  error.name = 'BackendError';
  return error;
}

/**
 * Runs a step of the data path that may need code loaded on first use (the fetch layer, a screen's endpoint module,
 * a write's schemas). A failure while the browser is offline becomes the offline failure with its toast (issue 34):
 * a part not loaded yet cannot come, and the person must read 'No internet connection', not a spinner or a
 * chunk-loading error. One toast id for all of them, so many failures show one toast.
 */
export async function orOfflineFailure<T>(run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isOffline()) throw error;
    apiFetchConfig.notify(NETWORK_MESSAGES.offline, 'network-offline');
    throw offlineFailure();
  }
}
