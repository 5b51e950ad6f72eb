import 'server-only';
import { cache } from 'react';
import { cookies, headers } from 'next/headers';
import { forbidden, notFound, redirect } from 'next/navigation';
import { getToken } from 'next-auth/jwt';
import { decideAccess } from '@/lib/auth/access';
import { auth, type SessionToken } from '@/lib/auth/next-auth';
import { loginUrl } from '@/lib/auth/return-to';
import { getAuthSecret } from '@/lib/auth/secret';
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
  if (mode !== 'basic') throw new Error(`AUTH_PROVIDER=${mode} is not supported by this build; use basic or none.`);
  return toConsoleSession(await auth(), mode);
});

const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;

/** The backend bearer token of this request, read from the encrypted session cookie on the server only. */
export const getBackendToken = cache(async (): Promise<string | undefined> => {
  if (authMode() !== 'basic') return undefined;
  const jar = await cookies();
  const cookieName = SESSION_COOKIES.find((name) => jar.has(name) || jar.has(`${name}.0`));
  if (!cookieName) return undefined;
  const token = (await getToken({
    req: { headers: await headers() },
    secret: getAuthSecret(),
    cookieName,
    salt: cookieName,
    secureCookie: cookieName.startsWith('__Secure-'),
  })) as SessionToken | null;
  return token?.backendToken;
});

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
