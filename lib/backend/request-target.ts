/**
 * Validation of the raw request target the /api proxy forwards (`/db/checks?select=*`): the path must be a plain
 * backend path that cannot climb out of the backend's root, switch host or smuggle a second request; the query
 * string is kept byte for byte.
 */
export type ProxyTarget = { ok: true; path: string; search: string } | { ok: false; reason: string };

const MAX_TARGET_LENGTH = 16 * 1024;
// Decoded characters that would let an encoded path mean something else to the next parser.
const FORBIDDEN_DECODED = new Set(['.', '/', '\\', '%', '?', '#']);

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;

export function parseProxyTarget(rest: string): ProxyTarget {
  if (rest.length > MAX_TARGET_LENGTH) return { ok: false, reason: 'Request path is too long' };
  if (CONTROL_OR_SPACE.test(rest)) return { ok: false, reason: 'Request path contains control characters' };
  if (rest.includes('#')) return { ok: false, reason: 'Request path contains a fragment' };
  const q = rest.indexOf('?');
  const path = q === -1 ? rest : rest.slice(0, q);
  const search = q === -1 ? '' : rest.slice(q);
  if (!path.startsWith('/') || path === '/') return { ok: false, reason: 'Request path is not a backend path' };
  if (path.includes('//')) return { ok: false, reason: 'Request path contains an empty segment' };
  if (path.includes('\\')) return { ok: false, reason: 'Request path contains a backslash' };
  for (const match of path.matchAll(/%(.{0,2})/g)) {
    const hex = match[1] ?? '';
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return { ok: false, reason: 'Request path has an invalid escape' };
    const code = Number.parseInt(hex, 16);
    const char = String.fromCharCode(code);
    if (code < 0x21 || code === 0x7f || FORBIDDEN_DECODED.has(char)) {
      return { ok: false, reason: 'Request path contains an encoded separator' };
    }
  }
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) {
    return { ok: false, reason: 'Request path contains a relative segment' };
  }
  return { ok: true, path, search };
}

/** The raw target after `/api` of a request URL (path and query as received), without re-encoding anything. */
export function restFromUrl(url: string, prefix = '/api'): string {
  // A raw target ('/api/…') is taken as is; only a full URL has its origin cut off.
  const schemeEnd = url.startsWith('/') ? -1 : url.indexOf('://');
  const pathStart = schemeEnd === -1 ? 0 : url.indexOf('/', schemeEnd + 3);
  const target = pathStart === -1 ? '/' : url.slice(pathStart);
  return target.startsWith(`${prefix}/`) ? target.slice(prefix.length) : target;
}
