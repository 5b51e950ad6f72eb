import { offersRoute } from '@/lib/auth/access';
import { isViewer } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { GO_SHORTCUTS, type GoKey } from '@/lib/palette/keyboard';
import { ROUTES, type AuthMode, type RouteDefinition } from '@/lib/routes';

/** What the palette needs of the session: the gate's inputs (never a token). */
export type PaletteSession = Pick<ConsoleSession, 'mode' | 'user' | 'roles' | 'grants' | 'features'>;

export interface PalettePage {
  href: string;
  title: string;
  /** Main, Settings or Account: where the page sits, also matched by the query. */
  section: string;
}

/** Screens that are not places to go (a dead end, a form reached from a list). */
const LEFT_OUT = new Set(['/unauthorized', '/logout', '/auth-state-checker', '/error']);

function sectionOf(route: RouteDefinition): string {
  if (route.sidebar?.section === 'settings' || route.pattern.startsWith('/settings/')) return 'Settings';
  if (route.layout === 'auth') return 'Account';
  return 'Main';
}

/**
 * Every page the person may open, from the route registry through the gate middleware applies and what the backend lets the person read (offersRoute):
 * never a page they would be refused, hidden by a feature flag, or missing in this sign-in mode. Pages that need
 * an id, redirects, unbuilt routes and chrome-less views are left out, and a viewer's Settings as the sidebar does.
 */
export function palettePages(
  session: PaletteSession,
  mode: AuthMode,
  routes: readonly RouteDefinition[] = ROUTES,
): PalettePage[] {
  const gateSession: ConsoleSession = { ...session, refreshedAt: 0 };
  const viewer = isViewer(session.roles);
  return routes
    .filter(
      (r) =>
        !r.pattern.includes('[') &&
        !r.redirectTo &&
        !r.planned &&
        (r.layout === 'console' || (r.layout === 'auth' && r.access === 'signed-in')) &&
        !LEFT_OUT.has(r.pattern) &&
        offersRoute(r, gateSession, mode),
    )
    .map((r) => ({ href: r.pattern, title: r.sidebar?.label ?? r.title, section: sectionOf(r) }))
    .filter((p) => !(viewer && p.section === 'Settings'));
}

/** The page `g s` opens: the first settings page the person may open, by title (the sidebar's order). */
export function firstSettingsPage(pages: readonly PalettePage[]): PalettePage | undefined {
  return pages
    .filter((p) => p.section === 'Settings')
    .sort((a, b) => a.title.localeCompare(b.title))
    .at(0);
}

/** Where `g` then the letter leads this person: the section's first page they may open, or nowhere. */
export function goTarget(key: GoKey, pages: readonly PalettePage[]): string | undefined {
  const go = GO_SHORTCUTS.find((s) => s.key === key);
  if (!go) return undefined;
  if (go.paths === 'settings') return firstSettingsPage(pages)?.href;
  return go.paths.find((path) => pages.some((p) => p.href === path));
}
