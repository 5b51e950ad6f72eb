/**
 * Writes query parameters into the address bar without a server round trip. Next.js syncs useSearchParams with the
 * native history API, so this does what a URL-state library would, without its code on the first load.
 * A null value removes the parameter; other parameters, the path and the hash stay as they are.
 */
export function writeSearchParams(
  update: Readonly<Record<string, string | null>>,
  history: 'push' | 'replace' = 'replace',
): void {
  const url = new URL(window.location.href);
  for (const [key, value] of Object.entries(update)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  if (url.href === window.location.href) return;
  const next = `${url.pathname}${url.search}${url.hash}`;
  if (history === 'push') window.history.pushState(null, '', next);
  else window.history.replaceState(null, '', next);
}
