/**
 * Reads kiosk credentials from the address bar once and removes them from the address bar and the history
 * entry before anything else runs, so they are never shown, logged or sent back in HTML.
 */
export function takeQueryCredentials(): { username: string; password: string } | null {
  const url = new URL(window.location.href);
  const username = url.searchParams.get('username');
  const password = url.searchParams.get('password');
  if (username === null && password === null) return null;
  url.searchParams.delete('username');
  url.searchParams.delete('password');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return username && password ? { username, password } : null;
}
