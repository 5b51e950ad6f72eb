import { backendAllowsRoute } from '@/lib/auth/access';
import { hasAccess, isViewer } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { isFeatureDisabled } from '@/lib/feature-flags';
import {
  routeExistsInMode,
  SIDEBAR_ROUTES,
  type AuthMode,
  type Gate,
  type RouteDefinition,
} from '@/lib/routes';

export interface SidebarEntry {
  href: string;
  label: string;
  icon: string;
}

export interface SidebarModel {
  main: SidebarEntry[];
  settings: SidebarEntry[];
}

/**
 * The sidebar a person sees (spec 000 §2 "Sidebar"): items hidden by feature flag, missing read permission or the
 * backend's refusal (RouteDefinition.backend);
 * the Settings section hidden from viewers; settings entries sorted by name. `routes` defaults to the built
 * screens' entries (tests pass the spec's full sidebar). `capabilities`: what the backend was found to have; an
 * entry needing one it lacks is hidden (issue 38), and with no set given every capability counts as present.
 */
export function sidebarEntriesFor(
  session: ConsoleSession,
  mode: AuthMode,
  routes: readonly RouteDefinition[] = SIDEBAR_ROUTES,
  capabilities?: ReadonlySet<string>,
): SidebarModel {
  const visible = routes.filter((route) => {
    if (!routeExistsInMode(route, mode)) return false;
    if (route.capability && capabilities && !capabilities.has(route.capability)) return false;
    if (route.sidebar?.modes && !route.sidebar.modes.includes(mode)) return false;
    if (route.feature && isFeatureDisabled(route.feature, session.features)) return false;
    if (typeof route.access === 'object') {
      const gate: Gate = route.access;
      if (!hasAccess(session.grants, gate.resource, 'read')) return false;
    }
    // An entry never leads to a screen the backend refuses (issue 37: viewers and Incidents, Logs for non-admins).
    if (!backendAllowsRoute(route, session.grants)) return false;
    return true;
  });
  const toEntry = (r: (typeof visible)[number]): SidebarEntry => ({
    href: r.pattern,
    label: r.sidebar?.label ?? r.title,
    icon: r.sidebar?.icon ?? 'circle',
  });
  const main = visible
    .filter((r) => r.sidebar?.section === 'main')
    .sort((a, b) => (a.sidebar?.order ?? 0) - (b.sidebar?.order ?? 0))
    .map(toEntry);
  const settings = isViewer(session.roles)
    ? []
    : visible
        .filter((r) => r.sidebar?.section === 'settings')
        .map(toEntry)
        .sort((a, b) => a.label.localeCompare(b.label));
  return { main, settings };
}
