import { getToken } from 'next-auth/jwt';
import type { SessionToken } from '@/lib/auth/next-auth';
import { getAuthSecret } from '@/lib/auth/secret';
import { withNewestIdentity } from '@/lib/auth/newest-identity';
import { isSessionRevoked, type SessionRef } from '@/lib/auth/session-revocation';

const SESSION_COOKIES = ['__Secure-authjs.session-token', 'authjs.session-token'] as const;
type SessionCookieName = (typeof SESSION_COOKIES)[number];

/** How long a decrypted session is reused for the same cookie value (never past the token's own expiry). */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Most distinct cookie values kept; the least recently used one is dropped first. */
export const SESSION_CACHE_MAX_ENTRIES = 512;

interface CachedSession {
  token: SessionToken;
  until: number;
}

// On globalThis: middleware, route handlers and server actions are separate bundles with their own module
// instances, and a sign-out in one must reach the sessions cached by the others.
const STATE = Symbol.for('ops-console.session-cache');
const shared = ((
  globalThis as typeof globalThis & { [STATE]?: { cache: Map<string, CachedSession>; secret?: string } }
)[STATE] ??= {
  cache: new Map<string, CachedSession>(),
});
const cache = shared.cache;

/**
 * The session cookie's name in this Cookie header and the exact `name=value` pairs that make it up (next-auth
 * splits large cookies into `name.0`, `name.1` …), in header order: the cache key of this session.
 */
function sessionCookieIn(cookieHeader: string): { name: SessionCookieName; key: string } | undefined {
  if (!cookieHeader.includes('authjs.session-token')) return undefined;
  const pairs = cookieHeader.split(';').map((part) => part.trim());
  for (const name of SESSION_COOKIES) {
    const own = pairs.filter((pair) => {
      const eq = pair.indexOf('=');
      const cookie = eq === -1 ? pair : pair.slice(0, eq);
      return (
        cookie === name || (cookie.startsWith(`${name}.`) && /^\d+$/.test(cookie.slice(name.length + 1)))
      );
    });
    if (own.length > 0) return { name, key: own.join('; ') };
  }
  return undefined;
}

/** What identifies a session for its revocation check. */
export function sessionRefOf(token: SessionToken): Partial<SessionRef> {
  return { sid: token.sid, userId: token.sub, signedInAt: token.signedInAt };
}

async function decryptSession(
  headers: Headers,
  cookieName: SessionCookieName,
  secret: string,
): Promise<SessionToken | null> {
  const token = (await getToken({
    req: { headers },
    secret,
    cookieName,
    salt: cookieName,
    secureCookie: cookieName.startsWith('__Secure-'),
  })) as (SessionToken & { exp?: number }) | null;
  return token?.identity ? token : null;
}

/**
 * Decrypts the session cookie of a request without re-issuing it (basic and kratos modes). Pages refresh the
 * session through next-auth's middleware; API calls and server code only need to read it, and writing a new
 * cookie on every /api response cost time and bytes for nothing.
 *
 * A decrypted session is kept briefly per exact cookie value, because every /api call and server page reads it
 * and each decryption costs about a dozen WebCrypto calls; only cookies that decrypted successfully are kept, a
 * cookie never yields a session decrypted from another value, and an entry ends at the token's `exp`.
 *
 * Signed-out sessions are refused (issue 13 §9) on every use, cached or not: the revocation store is asked each
 * time (in memory, or shared by every console instance on the embedded backend's database, so that a sign-out
 * on one instance ends the session on all of them at once).
 */
export async function readSessionToken(headers: Headers): Promise<SessionToken | null> {
  const cookie = sessionCookieIn(headers.get('cookie') ?? '');
  if (!cookie) return null;
  const secret = getAuthSecret();
  if (secret !== shared.secret) {
    // A new secret invalidates every cookie sealed with the old one.
    cache.clear();
    shared.secret = secret;
  }
  const now = Date.now();
  const hit = cache.get(cookie.key);
  if (hit) {
    cache.delete(cookie.key);
    if (hit.until > now) {
      if (await isSessionRevoked(sessionRefOf(hit.token))) return null;
      cache.set(cookie.key, hit);
      // The cookie of this request may be an older copy than the one middleware or a server action just read.
      return withNewestIdentity(hit.token);
    }
  }
  const token = await decryptSession(headers, cookie.name, secret);
  if (!token || (await isSessionRevoked(sessionRefOf(token)))) return null;
  const exp = (token as { exp?: unknown }).exp;
  const until = Math.min(
    now + SESSION_CACHE_TTL_MS,
    typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY,
  );
  if (until > now) {
    cache.set(cookie.key, { token, until });
    if (cache.size > SESSION_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  }
  return withNewestIdentity(token);
}

/** Forgets every cached session (tests, and a sign-out that must not wait for the short cache lifetime). */
export function clearSessionCache(): void {
  cache.clear();
}
