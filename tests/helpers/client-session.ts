import type { ClientSession } from '@/components/shell/session-provider';
import { closedRoutes } from '@/lib/auth/access';
import { backendAllowances } from '@/lib/auth/backend-access';
import { computeGrants, type Role } from '@/lib/auth/permissions';
import { ROUTES } from '@/lib/routes';

/**
 * A basic-mode browser session as the console builds it for `roles` against the embedded backend's default
 * policies (grants, what the backend allows, the routes closed to them); the user defaults to one named after the
 * first role.
 */
export function clientSession(
  roles: Role | Role[],
  { user, features = {} }: { user?: ClientSession['user']; features?: ClientSession['features'] } = {},
): ClientSession {
  const list = Array.isArray(roles) ? roles : [roles];
  const grants = { ...computeGrants(list), backend: backendAllowances(list, []) };
  const base = {
    mode: 'basic' as const,
    user: user ?? { id: 'u', name: list[0] ?? 'u' },
    roles: list,
    grants,
    features,
  };
  return { ...base, closedRoutes: closedRoutes({ ...base, refreshedAt: 0 }, 'basic', ROUTES) };
}
