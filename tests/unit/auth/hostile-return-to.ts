/**
 * Hostile redirect targets (issue 13 §3): each one, used as return_to (or callbackUrl, or a Clerk redirect prop),
 * must leave the user on the console's origin; all of them are doubtful, so the one check answers '/'.
 * Shared by the unit tests of every redirecting route and the e2e run against next start.
 */
export const HOSTILE_RETURN_TO: readonly string[] = [
  // another host outright
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '//evil.example/%2e%2e',
  '//evil.example:443/x',
  '//user:pass@evil.example',
  '//127.0.0.1',
  '//[::1]/x',
  '//0x7f.1/',
  'https://evil.example',
  'http://evil.example/x',
  'HTTPS://evil.example',
  'https:/evil.example',
  'https:evil.example',
  'evil.example',
  'evil.example/path',
  '@evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example/',
  // backslashes, which browsers read as slashes
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '\\/evil.example',
  '/\\\\evil.example',
  '/x\\..\\..\\evil.example',
  // dot segments that normalise into '//host'
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/x/..//evil.example/path',
  '/x/y/../..//evil.example',
  '/././/evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2e//evil.example',
  '/.%2e//evil.example',
  '/%2e.//evil.example',
  '/x/%2e%2e//evil.example',
  '/%252e%252e//evil.example',
  '/..',
  '/.',
  '/x/../../',
  // encoded separators
  '/%2f/evil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%5c/evil.example',
  '/%252f%252fevil.example',
  // tabs, newlines and other controls, raw and encoded (browsers drop raw ones from URLs)
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '/\u0000//evil.example',
  '/\u007f//evil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%0d%0a/evil.example',
  '/%00//evil.example',
  '/%09%2F%2Fevil.example',
  // internal '//' that a normaliser folds, unicode look-alikes, bad escapes
  '/https://evil.example',
  '/x//evil.example',
  '/\u2028//evil.example',
  '/%u002f%u002fevil.example',
  '/%zz',
  '/%',
  // not a string, empty, too long
  '',
  '/'.padEnd(3000, 'a'),
];

/**
 * Whether an address stays on `origin`, and the return_to (or callbackUrl) in its query too: that is where the
 * next page sends the browser. Deeper levels are checked again by that page when it gets there.
 */
export function staysOnOrigin(address: string, origin = 'https://console.example', depth = 0): boolean {
  let url: URL;
  try {
    url = new URL(address, origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  const nested = url.searchParams.get('return_to') ?? url.searchParams.get('callbackUrl');
  return nested === null || depth >= 1 || staysOnOrigin(nested, origin, depth + 1);
}
