import { backendAllows, hasAccess, type AccessGrants } from '@/lib/auth/grants';
import type { ConsoleSession } from '@/lib/auth/session';
import { isFeatureDisabled } from '@/lib/feature-flags';
import { routeExistsInMode, type AuthMode, type RouteDefinition } from '@/lib/routes';

export type AccessDecision = 'allow' | 'sign-in' | 'forbidden' | 'not-found';

/**
 * The one gate decision for a route: middleware, server pages and the tests call it with the same inputs.
 * A route whose feature is disabled does not exist for the user (the earlier console only hid the menu item).
 */
export function decideAccess(
  route: RouteDefinition,
  session: ConsoleSession | null,
  mode: AuthMode,
): AccessDecision {
  if (!routeExistsInMode(route, mode)) return 'not-found';
  if (route.access === 'public') return 'allow';
  if (!session) return 'sign-in';
  if (route.feature && route.layout !== 'view' && isFeatureDisabled(route.feature, session.features)) {
    return 'not-found';
  }
  if (route.access === 'signed-in') return 'allow';
  return hasAccess(session.grants, route.access.resource, route.access.action) ? 'allow' : 'forbidden';
}

/**
 * Whether the console offers the route (sidebar, palette, shortcuts, links): the gate allows it and the backend lets
 * the person read what it shows (issue 37: viewers read no incidents; logs and monitoring are admin-only there).
 * Opening such a route anyway is not refused here: the screen shows the backend's refusal as its Unauthorized
 * state, in the server HTML.
 */
export function offersRoute(route: RouteDefinition, session: ConsoleSession, mode: AuthMode): boolean {
  return decideAccess(route, session, mode) === 'allow' && backendAllowsRoute(route, session.grants);
}

/** Whether the backend lets the person read what the route shows (true for a route that declares no need). */
export function backendAllowsRoute(route: RouteDefinition, grants: AccessGrants): boolean {
  return !route.backend || backendAllows(grants, route.backend.object, route.backend.action);
}

/**
 * The patterns of the gated routes not offered to this session, for the browser's links (useAccess().canOpen):
 * decided on the server so that the browser needs no route registry.
 */
export function closedRoutes(
  session: ConsoleSession,
  mode: AuthMode,
  routes: readonly RouteDefinition[],
): string[] {
  return routes
    .filter((r) => typeof r.access === 'object' && !offersRoute(r, session, mode))
    .map((r) => r.pattern);
}
