import 'server-only';
import { cache } from 'react';
import { headers } from 'next/headers';
import { forbidden, notFound, redirect } from 'next/navigation';
import { decideAccess, offersRoute } from '@/lib/auth/access';
import type { SessionToken } from '@/lib/auth/next-auth';
import { readSessionToken } from '@/lib/auth/session-cookie';
import { loginUrl } from '@/lib/auth/return-to';
import { standaloneSession, toConsoleSession, type ConsoleSession } from '@/lib/auth/session';
import { getEnv } from '@/lib/env';
import { findRoute, type AuthMode } from '@/lib/routes';

export function authMode(): AuthMode {
  return getEnv().AUTH_PROVIDER;
}

/** The session of this request (once per request). */
export const getSession = cache(async (): Promise<ConsoleSession | null> => {
  const mode = authMode();
  if (mode === 'none') return standaloneSession();
  if (mode === 'clerk') return (await import('@/lib/auth/clerk/session')).getClerkConsoleSession();
  // Middleware already ran next-auth (and its whoami refresh) for this request; here the cookie is only read.
  return toConsoleSession(await getSessionToken(), mode);
});

/** The decrypted session JWT of this request (basic and kratos modes). */
const getSessionToken = cache(async (): Promise<SessionToken | null> => readSessionToken(await headers()));

/**
 * The backend bearer token of this request, read on the server only: basic mode's login token, Clerk mode's
 * session JWT. Kratos mode has none: the backend validates the Kratos session cookie (getBackendCookie).
 */
export const getBackendToken = cache(async (): Promise<string | undefined> => {
  const mode = authMode();
  if (mode === 'basic') return (await getSessionToken())?.backendToken;
  if (mode === 'clerk') {
    const backend = await (
      await import('@/lib/auth/clerk/organization-backend')
    ).resolveOrganizationBackend();
    return backend.state === 'ready' ? ((await backend.getToken()) ?? undefined) : undefined;
  }
  return undefined;
});

/** Kratos mode: the Cookie header (the identity server's session cookie) the backend expects on every call. */
export const getBackendCookie = cache(async (): Promise<string | undefined> => {
  if (authMode() !== 'kratos') return undefined;
  return (await getSessionToken())?.backendCookie;
});

/** Whether a server-rendered link to the route (its registry pattern) may be offered to this session. */
export function canOpenRoute(session: ConsoleSession, pattern: string): boolean {
  return offersRoute(findRoute(pattern), session, authMode());
}

/**
 * The server page's own check of its route (middleware checked it first): signs the anonymous in, answers 403
 * with the Unauthorized page, or 404 when the route does not exist for this user.
 */
export async function requireRouteAccess(pattern: string): Promise<ConsoleSession> {
  const route = findRoute(pattern);
  const session = await getSession();
  const decision = decideAccess(route, session, authMode());
  if (decision === 'sign-in' || !session) {
    const h = await headers();
    redirect(loginUrl(h.get('x-console-path') ?? pattern));
  }
  if (decision === 'forbidden') forbidden();
  if (decision === 'not-found') notFound();
  return session;
}
