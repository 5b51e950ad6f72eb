import { buildPath, matchRoute } from '@/lib/routes';
import { sameOriginPath } from '@/lib/safe-path';

/**
 * The one check of a user-supplied redirect target (return_to, callbackUrl, Clerk's redirect props) in every
 * sign-in mode: only a plain same-origin path survives, anything doubtful falls back to '/' (ARCHITECTURE §5).
 * The check itself (lib/safe-path.ts) is shared with the links of comments and component properties.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  return sameOriginPath(value) ?? fallback;
}

/**
 * Where to land after sign-in: a return_to that is itself a registry redirect (/ → /topology) goes straight to
 * its target, so the address bar shows the page that is rendered.
 */
export function landingPath(returnTo: string): string {
  const url = new URL(safeReturnTo(returnTo), 'http://landing.invalid');
  const match = matchRoute(url.pathname);
  if (!match?.route.redirectTo) return `${url.pathname}${url.search}${url.hash}`;
  return `${buildPath(match.route.redirectTo, match.params)}${url.search}${url.hash}`;
}

/** /login?return_to=… for a path and query, used by middleware, the 401 handler and sign-out. */
export function loginUrl(returnTo: string | undefined): string {
  const target = safeReturnTo(returnTo);
  return target === '/' ? '/login' : `/login?return_to=${encodeURIComponent(target)}`;
}
