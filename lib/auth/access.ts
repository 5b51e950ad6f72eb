import { backendAllows, hasAccess } from '@/lib/auth/grants';
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
  if (!hasAccess(session.grants, route.access.resource, route.access.action)) return 'forbidden';
  // The backend refuses more than the console's table: a screen it would refuse is not offered (issue 37).
  if (route.backend && !backendAllows(session.grants, route.backend.object, route.backend.action)) {
    return 'forbidden';
  }
  return 'allow';
}

/**
 * The patterns of the gated routes this session may not open, for the browser's links (useAccess().canOpen): the
 * same decision as middleware, made on the server so that the browser needs no route registry.
 */
export function closedRoutes(
  session: ConsoleSession,
  mode: AuthMode,
  routes: readonly RouteDefinition[],
): string[] {
  return routes
    .filter((r) => typeof r.access === 'object' && decideAccess(r, session, mode) === 'forbidden')
    .map((r) => r.pattern);
}
