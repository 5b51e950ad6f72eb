import { buildPath, matchRoute } from '@/lib/routes';

/** Raw characters a browser reads as a separator or drops: backslash, C0 controls (tab, CR, LF), DEL. */
// eslint-disable-next-line no-control-regex
const RAW_DOUBTFUL = /[\\\u0000-\u001f\u007f]/;
/**
 * Escapes in the path that a second decoding (a browser, a proxy, the next page) could turn into a slash,
 * backslash, dot, control or another escape: %2f %5c %2e %25 %00–%1f %7f.
 */
const ENCODED_DOUBTFUL = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)/i;

function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('/\\') &&
    // '//' anywhere: at the start it names a host, inside it is folded away by the next normaliser.
    !path.includes('//') &&
    !path.split('/').some((segment) => segment === '.' || segment === '..')
  );
}

/**
 * The one check of a user-supplied redirect target (return_to, callbackUrl, Clerk's redirect props) in every
 * sign-in mode: only a plain same-origin path survives, anything doubtful falls back to '/' (ARCHITECTURE §5).
 * The value is checked, normalised with the URL parser, and the result checked again, so that no normalisation
 * step can turn an innocent-looking path into '//host' (issue 13 §3: '/.//evil.com' used to become '//evil.com').
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (RAW_DOUBTFUL.test(value)) return fallback;
  const q = value.search(/[?#]/);
  const path = q === -1 ? value : value.slice(0, q);
  if (!isPlainPath(path) || ENCODED_DOUBTFUL.test(path)) return fallback;
  try {
    decodeURIComponent(value);
  } catch {
    return fallback;
  }
  const base = 'http://return-to.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Again after normalisation: still one plain path on this origin.
  return isPlainPath(url.pathname) && !RAW_DOUBTFUL.test(result) ? result : fallback;
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
