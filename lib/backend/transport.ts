import 'server-only';
import { getEnv } from '@/lib/env';
import { BackendError } from '@/lib/backend/errors';

/**
 * How the server reaches the organization's backend: fetch() to BACKEND_URL (or a per-organization address),
 * or the embedded backend's Fetch-API handler in-process when no address is configured. Paths are backend
 * paths such as `/db/checks?…` or `/auth/whoami`.
 */
export type Transport = (path: string, init?: RequestInit) => Promise<Response>;

const EMBEDDED_ORIGIN = 'http://embedded.invalid';

let embeddedHandler: Promise<(request: Request) => Promise<Response>> | undefined;

async function loadEmbedded() {
  if (!embeddedHandler) {
    // Loaded on first use so that deployments with a real backend never start PGlite.
    embeddedHandler = import('@/lib/embedded-backend').then((m) => m.handleBackendRequest);
    embeddedHandler.catch(() => {
      embeddedHandler = undefined;
    });
  }
  return embeddedHandler;
}

export function embeddedTransport(): Transport {
  return async (path, init) => {
    const handle = await loadEmbedded();
    return handle(new Request(new URL(path, EMBEDDED_ORIGIN), init));
  };
}

export function httpTransport(baseUrl: string, timeoutMs = getEnv().PROXY_TIMEOUT_MS): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (path, init = {}) => {
    const signal = init.signal ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
    try {
      return await fetch(`${base}${path}`, { ...init, signal, redirect: 'manual', cache: 'no-store' });
    } catch (error) {
      throw transportError(error);
    }
  };
}

/** Network failures become BackendErrors that never carry the backend's address. */
export function transportError(error: unknown): BackendError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError') {
    return new BackendError({ status: 504, code: 'timeout', message: 'Request timed out. Please try again.' });
  }
  if (name === 'AbortError') {
    return new BackendError({ status: 499, code: 'aborted', message: 'The request was cancelled.' });
  }
  return new BackendError({ status: 502, code: 'unreachable', message: 'The backend is not reachable. Please try again.' });
}

/** The transport of this deployment (an organization's address overrides it in Clerk mode). */
export function defaultTransport(backendUrl = getEnv().BACKEND_URL): Transport {
  return backendUrl ? httpTransport(backendUrl) : embeddedTransport();
}

export function withBearer(init: RequestInit | undefined, token: string | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return { ...init, headers };
}
