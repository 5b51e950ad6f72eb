import type { ClientSession } from '@/components/shell/session-provider';
import { computeGrants, type Role } from '@/lib/auth/permissions';

/** A basic-mode browser session with the grants of `roles`; the user defaults to one named after the first role. */
export function clientSession(
  roles: Role | Role[],
  { user, features = {} }: { user?: ClientSession['user']; features?: ClientSession['features'] } = {},
): ClientSession {
  const list = Array.isArray(roles) ? roles : [roles];
  return {
    mode: 'basic',
    user: user ?? { id: 'u', name: list[0] ?? 'u' },
    roles: list,
    grants: computeGrants(list),
    features,
  };
}
