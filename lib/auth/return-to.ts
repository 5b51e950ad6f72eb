import { buildPath, matchRoute } from '@/lib/routes';

/**
 * return_to accepts only same-origin relative paths (ARCHITECTURE §5); anything else falls back to '/'.
 * Rejects absolute URLs, protocol-relative '//host', backslash tricks '/\host', control characters and
 * paths that resolve to another origin after URL normalisation.
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return fallback;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (decoded.startsWith('//') || decoded.includes('\\')) return fallback;
  const base = 'http://return-to.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
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
