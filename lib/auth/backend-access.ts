import type { BackendAction } from '@/lib/auth/grants';
import type { Role, WhoamiPermission } from '@/lib/auth/permissions';
import { RBAC_OBJECTS } from '@/lib/embedded-backend/rbac/objects';
import { DEFAULT_POLICIES, rolesAllow, type Policy } from '@/lib/embedded-backend/rbac/policies';

/**
 * What the backend allows a person, folded into the session's grants (`AccessGrants.backend`) so that the console
 * offers no link, entry or text the backend would refuse (issue 37): the backend refuses more than the spec's role
 * table does (viewers read no incidents, only admins read logs and the monitoring tables).
 */

const ACTIONS: readonly BackendAction[] = ['create', 'read', 'update', 'delete'];

/** whoami `effective_permissions` (the embedded backend, newer backends): RBAC object → the actions allowed. */
export type EffectivePermissions = Readonly<Record<string, readonly string[]>>;

/** A stand-in subject for the person's own rows: whoami lists only rows that apply to the caller. */
const SELF = '\u0000self';

function letters(allows: (action: BackendAction) => boolean): string {
  return ACTIONS.filter(allows)
    .map((a) => a.charAt(0))
    .join('');
}

function collect(allows: (object: string, action: BackendAction) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const object of RBAC_OBJECTS) {
    const allowed = letters((action) => allows(object, action));
    if (allowed) out[object] = allowed;
  }
  return out;
}

/**
 * The backend's answer as the session keeps it: from `effective_permissions` when whoami sends them; otherwise
 * from the default role policies (which the console mirrors, lib/embedded-backend/rbac/policies.ts) together with
 * the unconditional rows of whoami `permissions` (an older real backend). A row with a condition (ABAC: one
 * playbook, a selector) grants per resource, which only the backend can decide: it opens nothing here.
 */
export function backendAllowances(
  roles: readonly Role[],
  permissions: readonly WhoamiPermission[],
  effective?: EffectivePermissions,
): Record<string, string> {
  if (effective) {
    return collect((object, action) => {
      const actions = effective[object] ?? [];
      return actions.includes(action) || actions.includes('*');
    });
  }
  const own: Policy[] = permissions
    .filter((p) => p.object && p.action && (!p.condition || p.condition === 'true'))
    .map((p) => ({
      subject: SELF,
      object: p.object ?? '',
      action: p.action ?? '',
      id: p.id ?? 'na',
      condition: '',
      ...(p.deny ? { deny: true } : {}),
    }));
  const policies = [...DEFAULT_POLICIES, ...own];
  return collect((object, action) => rolesAllow(roles, object, action, policies, [SELF]));
}
