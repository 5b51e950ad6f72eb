/**
 * The raw request target the /api proxy forwards (`/db/checks?select=*`), canonicalized exactly as the backend
 * will read it: the path is percent-decoded once, and anything that decodes to something a second parser could
 * read differently (a separator, a dot segment, a percent sign, a control character, invalid UTF-8) is refused.
 * The gate sees the decoded path and the backend receives the same path re-encoded, so `/db/conn%65ctions` is
 * gated, and forwarded, as `/db/connections`. The query string is kept byte for byte.
 */
export type ProxyTarget =
  | {
      ok: true;
      /** The decoded path, for the gate: `/db/connections`. */
      path: string;
      /** The same path as sent to the backend, each segment re-encoded canonically: `/db/connections`. */
      encodedPath: string;
      /** `?…` as received, or ''. */
      search: string;
    }
  | { ok: false; reason: string };

const MAX_TARGET_LENGTH = 16 * 1024;
// Decoded characters that would let an encoded path mean something else to the next parser.
const FORBIDDEN_DECODED = new Set(['.', '/', '\\', '%', '?', '#']);

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f]/;
// C0, DEL and C1 controls after decoding (encoded ASCII ones never get this far).
// eslint-disable-next-line no-control-regex
const DECODED_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// pchar of RFC 3986 minus '%': what a segment may carry unencoded.
const PLAIN_SEGMENT_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/;
const utf8 = new TextEncoder();

function encodeSegment(segment: string): string {
  let out = '';
  for (const char of segment) {
    out += PLAIN_SEGMENT_CHAR.test(char)
      ? char
      : Array.from(utf8.encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(
          '',
        );
  }
  return out;
}

function decodeSegment(segment: string): { ok: true; value: string } | { ok: false; reason: string } {
  for (const match of segment.matchAll(/%(.{0,2})/g)) {
    const hex = match[1] ?? '';
    if (!/^[0-9a-fA-F]{2}$/.test(hex)) return { ok: false, reason: 'Request path has an invalid escape' };
    const code = Number.parseInt(hex, 16);
    if (code < 0x80 && (code < 0x21 || code === 0x7f || FORBIDDEN_DECODED.has(String.fromCharCode(code)))) {
      return { ok: false, reason: 'Request path contains an encoded separator' };
    }
  }
  let value: string;
  try {
    // decodeURIComponent refuses invalid UTF-8 (stray bytes, overlong forms, surrogates, truncated sequences).
    value = decodeURIComponent(segment);
  } catch {
    return { ok: false, reason: 'Request path is not valid UTF-8' };
  }
  if (DECODED_CONTROL.test(value)) return { ok: false, reason: 'Request path contains control characters' };
  if (value === '.' || value === '..')
    return { ok: false, reason: 'Request path contains a relative segment' };
  return { ok: true, value };
}

export function parseProxyTarget(rest: string): ProxyTarget {
  if (rest.length > MAX_TARGET_LENGTH) return { ok: false, reason: 'Request path is too long' };
  if (CONTROL_OR_SPACE.test(rest)) return { ok: false, reason: 'Request path contains control characters' };
  if (rest.includes('#')) return { ok: false, reason: 'Request path contains a fragment' };
  const q = rest.indexOf('?');
  const raw = q === -1 ? rest : rest.slice(0, q);
  const search = q === -1 ? '' : rest.slice(q);
  if (!raw.startsWith('/') || raw === '/') return { ok: false, reason: 'Request path is not a backend path' };
  if (raw.includes('//')) return { ok: false, reason: 'Request path contains an empty segment' };
  if (raw.includes('\\')) return { ok: false, reason: 'Request path contains a backslash' };
  // A raw non-ASCII character is not a valid target; clients send UTF-8 percent-encoded.
  if (/[^\u0021-\u007e]/.test(raw))
    return { ok: false, reason: 'Request path contains a character that must be encoded' };
  const decoded: string[] = [];
  for (const segment of raw.slice(1).split('/')) {
    const result = decodeSegment(segment);
    if (!result.ok) return result;
    decoded.push(result.value);
  }
  return {
    ok: true,
    path: `/${decoded.join('/')}`,
    encodedPath: `/${decoded.map(encodeSegment).join('/')}`,
    search,
  };
}

/** The raw target after `/api` of a request URL (path and query as received), without re-encoding anything. */
export function restFromUrl(url: string, prefix = '/api'): string {
  // A raw target ('/api/…') is taken as is; only a full URL has its origin cut off.
  const schemeEnd = url.startsWith('/') ? -1 : url.indexOf('://');
  const pathStart = schemeEnd === -1 ? 0 : url.indexOf('/', schemeEnd + 3);
  const target = pathStart === -1 ? '/' : url.slice(pathStart);
  return target.startsWith(`${prefix}/`) ? target.slice(prefix.length) : target;
}
