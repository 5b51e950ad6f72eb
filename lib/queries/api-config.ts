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
