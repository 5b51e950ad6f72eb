/**
 * The one check of a same-origin path taken from outside (a redirect target, a link in a comment or a component
 * property): return_to (lib/auth/return-to.ts), markdown links (lib/markdown.ts) and topology property links
 * (lib/topology/properties.ts) all ask it, so a value one of them refuses cannot pass as internal in another.
 * It has no imports: the markdown reader runs in the browser.
 */

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
 * The value as a plain path on this origin, or null when anything about it is doubtful ('/\host', '\\host',
 * '/\t/host', '/.//host', encoded separators …). The value is checked, normalised with the URL parser, and the
 * result checked again, so that no normalisation step can turn an innocent-looking path into '//host' (issue 13
 * §3: '/.//evil.com' used to become '//evil.com'; issue 31 item 13: '/\evil.com' passed as an internal link).
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null;
  if (RAW_DOUBTFUL.test(value)) return null;
  const q = value.search(/[?#]/);
  const path = q === -1 ? value : value.slice(0, q);
  if (!isPlainPath(path) || ENCODED_DOUBTFUL.test(path)) return null;
  try {
    decodeURIComponent(value);
  } catch {
    return null;
  }
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const result = `${url.pathname}${url.search}${url.hash}`;
  // Again after normalisation: still one plain path on this origin.
  return isPlainPath(url.pathname) && !RAW_DOUBTFUL.test(result) ? result : null;
}

/**
 * A link target written by a person (a comment, a notification body, a component property): a same-origin path
 * passes only through sameOriginPath; anything that starts like a path or a backslash but fails it is no link.
 * Returns undefined for what is not a path at all, so the caller can try its own schemes (http, mailto).
 */
export function internalLinkOf(raw: string): { href: string | null } | undefined {
  // Browsers drop tabs and newlines anywhere in a URL and trim spaces: '\t/\\evil.example' is still '/\evil'.
  // eslint-disable-next-line no-control-regex
  const squeezed = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  if (!squeezed.startsWith('/') && !squeezed.startsWith('\\')) return undefined;
  return { href: sameOriginPath(raw.trim()) };
}
