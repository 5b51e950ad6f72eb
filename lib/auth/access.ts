import { hasAccess } from '@/lib/auth/permissions';
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
