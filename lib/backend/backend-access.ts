import 'server-only';
import { loginWithPassword } from '@/lib/auth/identity';
import { readSessionToken } from '@/lib/auth/session-cookie';
import { standaloneSession, toConsoleSession, type ConsoleSession } from '@/lib/auth/session';
import { BackendError } from '@/lib/backend/errors';
import { jsonError, type ProxyAccess } from '@/lib/backend/proxy';
import { embeddedTransport, httpTransport, type Transport } from '@/lib/backend/transport';
import { getEnv, type Env } from '@/lib/env';

/**
 * The one place where sign-in and the backend transport meet: which backend serves a session and with which
 * credential. It sits in lib/backend, above lib/auth: lib/auth calls the backend through lib/backend/transport.ts
 * and imports nothing of this file, so the two never import each other (issue 30's cycle check). The request's
 * session is read by dynamic import, so that middleware, which loads the sign-in modules, does not load the
 * request helpers.
 */

/** Long enough for large downloads: callers time the wait for headers themselves. */
export const STREAM_TIMEOUT_MS = 10 * 60 * 1000;

/** How this request reaches its backend, and with which bearer token (server side only). */
export interface BackendAccess {
  transport: Transport;
  token?: string;
}

const transports = new Map<string, Transport>();

/** One transport per backend address (the embedded backend under the empty key), reused across requests. */
function transportFor(url: string | undefined): Transport {
  const key = url ?? '';
  let transport = transports.get(key);
  if (!transport) {
    transport = url ? httpTransport(url, STREAM_TIMEOUT_MS) : embeddedTransport();
    transports.set(key, transport);
  }
  return transport;
}

/** The deployment's own backend: BACKEND_URL, or the embedded backend in-process. */
export function deploymentTransport(env: Env = getEnv()): Transport {
  return transportFor(env.BACKEND_URL);
}

/** Kratos mode: the backend validates the identity server's session cookie, added after the proxy strips the browser's. */
function withCookie(transport: Transport, cookie: string): Transport {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', cookie);
    return transport(path, { ...init, headers });
  };
}

/** The read-only demo identity standalone mode uses on the embedded backend (it has no sign-in of its own). */
const STANDALONE_IDENTITY = { username: 'guest', password: 'demo' } as const;
/** Renew the standalone token this long before it expires. */
const STANDALONE_RENEW_MS = 10 * 60 * 1000;

let standalone: { token: string; expiresAt: number } | undefined;
let pendingStandalone: Promise<string | undefined> | undefined;

async function standaloneCredential(): Promise<string | undefined> {
  // A real backend in standalone mode (canary-checker's own UI) answers the health calls without a credential.
  if (getEnv().BACKEND_URL) return undefined;
  if (standalone && standalone.expiresAt - STANDALONE_RENEW_MS > Date.now()) return standalone.token;
  pendingStandalone ??= loginWithPassword(
    embeddedTransport(),
    STANDALONE_IDENTITY.username,
    STANDALONE_IDENTITY.password,
  )
    .then(({ token, expiresAt }) => {
      const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
      standalone = { token, expiresAt: Number.isFinite(expiry) ? expiry : Date.now() + 60 * 60 * 1000 };
      return token;
    })
    .finally(() => {
      pendingStandalone = undefined;
    });
  return pendingStandalone;
}

/**
 * Which backend serves this request and with which credential, per sign-in mode: the embedded backend or
 * BACKEND_URL with the session's token (basic), the Kratos session cookie (kratos), the organization's own
 * backend with the Clerk token (clerk), or the read-only demo guest (standalone on the embedded backend).
 */
export async function resolveBackendAccess(session: ConsoleSession | null): Promise<BackendAccess> {
  if (!session) return { transport: deploymentTransport() };
  switch (session.mode) {
    case 'none':
      return { transport: deploymentTransport(), token: await standaloneCredential() };
    case 'kratos': {
      const cookie = await (await import('@/lib/auth/server')).getBackendCookie();
      return { transport: cookie ? withCookie(deploymentTransport(), cookie) : deploymentTransport() };
    }
    case 'clerk': {
      const { resolveOrganizationBackend, PROVISIONING_MESSAGE } =
        await import('@/lib/auth/clerk/organization-backend');
      const backend = await resolveOrganizationBackend();
      if (backend.state === 'ready') {
        return { transport: transportFor(backend.baseUrl), token: (await backend.getToken()) ?? undefined };
      }
      if (backend.state === 'provisioning') {
        throw new BackendError({ status: 503, code: 'provisioning', message: PROVISIONING_MESSAGE });
      }
      const message = backend.state === 'error' ? backend.message : 'Select an organization first.';
      throw new BackendError({
        status: backend.state === 'signed-out' ? 401 : 409,
        code: backend.state,
        message,
      });
    }
    default:
      return {
        transport: deploymentTransport(),
        token: await (await import('@/lib/auth/server')).getBackendToken(),
      };
  }
}

/**
 * The /api route's caller and backend, read from the request alone: no middleware runs for /api (issue 23), so
 * this is the one place its session is read. Basic and Kratos: the session cookie (decrypted once per cookie
 * value, refused once signed out); Clerk: Clerk's own request authentication and the organization's backend;
 * standalone: the read-only identity. A Response ends the request (Clerk without a usable organization).
 */
export async function resolveRequestAccess(
  request: Request,
  env: Env = getEnv(),
): Promise<ProxyAccess | Response> {
  const mode = env.AUTH_PROVIDER;
  if (mode === 'none') {
    const session = standaloneSession();
    return { session, ...(await resolveBackendAccess(session)) };
  }
  if (mode === 'clerk') return clerkRequestAccess(request);
  const token = await readSessionToken(request.headers);
  const session = toConsoleSession(token, mode);
  const transport = deploymentTransport(env);
  if (!token || !session) return { session: null, transport };
  if (mode === 'kratos')
    return {
      session,
      transport: token.backendCookie ? withCookie(transport, token.backendCookie) : transport,
    };
  return { session, token: token.backendToken, transport };
}

function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

async function clerkRequestAccess(request: Request): Promise<ProxyAccess | Response> {
  const [{ authenticateClerkRequest }, { CLERK_SESSION_COOKIE, resolveClerkSession }, organization] =
    await Promise.all([
      import('@/lib/auth/clerk/request-auth'),
      import('@/lib/auth/clerk/session'),
      import('@/lib/auth/clerk/organization-backend'),
    ]);
  const state = await authenticateClerkRequest(request);
  const result = await resolveClerkSession(
    state,
    cookieValue(request.headers.get('cookie'), CLERK_SESSION_COOKIE),
  );
  if (result.kind === 'signed-out') return { session: null, transport: deploymentTransport() };
  if (result.kind === 'no-organization') return jsonError(403, 'Select an organization first.');
  if (result.kind === 'provisioning') return jsonError(503, organization.PROVISIONING_MESSAGE);
  if (result.kind === 'error') return jsonError(503, result.message);
  const backend = await organization.resolveOrganizationBackend(state);
  if (backend.state === 'provisioning') return jsonError(503, organization.PROVISIONING_MESSAGE);
  if (backend.state === 'error') return jsonError(503, backend.message);
  if (backend.state !== 'ready') return { session: null, transport: deploymentTransport() };
  let token: string | undefined;
  try {
    token = (await backend.getToken()) ?? undefined;
  } catch (error) {
    // A token of another organization (a switch in flight) or a misconfigured template: a clear 4xx, never sent on.
    if (error instanceof BackendError) return jsonError(error.status, error.message);
    throw error;
  }
  const secure =
    new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
  return {
    session: result.session,
    token,
    transport: transportFor(backend.baseUrl),
    setCookies: result.cookie
      ? [
          `${CLERK_SESSION_COOKIE}=${result.cookie}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
        ]
      : [],
  };
}

/** The backend of this request's session (server components and the backend client). */
export async function sessionBackendAccess(): Promise<BackendAccess> {
  return resolveBackendAccess(await (await import('@/lib/auth/server')).getSession());
}
