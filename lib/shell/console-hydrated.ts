/**
 * Called once the console has hydrated: the early-click catcher (lib/shell/early-clicks.ts, installed by the layout's
 * inline script) replays what is ready and stops ten seconds later. Its own module, so the catcher's source, which
 * only the server needs, stays out of every page's bundle.
 */
export function consoleHydrated(w: Window = window): void {
  (w as Window & { __consoleHydrated?: () => void }).__consoleHydrated?.();
}
