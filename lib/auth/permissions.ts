/**
 * Roles → permissions (spec 000 §6, with the editor decision of ARCHITECTURE §5) and the access checks every
 * entry point shares: middleware, server pages, the /api proxy and the UI.
 */
import { hasAccess, type AccessGrants, type Action } from './grants';
import { RESOURCE_AREAS, type ResourceArea } from './resource-areas';

import { ROLES, type Role } from './roles';

export { hasAccess, type AccessGrants, type Action } from './grants';
export { ROLES, type Role };

export { RESOURCE_AREAS, type ResourceArea };

const ALL = new Set<ResourceArea>(RESOURCE_AREAS);
const without = (...excluded: ResourceArea[]) => new Set(RESOURCE_AREAS.filter((a) => !excluded.includes(a)));
const RESTRICTED_READ = without('rbac', 'identities', 'connections', 'status_pages');
const INCIDENT_WRITE = new Set<ResourceArea>(['responder', 'incident', 'evidences', 'comments']);

export const ROLE_PERMISSIONS: Record<
  Role,
  { read: ReadonlySet<ResourceArea>; write: ReadonlySet<ResourceArea> }
> = {
  admin: { read: ALL, write: ALL },
  editor: { read: RESTRICTED_READ, write: RESTRICTED_READ },
  commander: { read: RESTRICTED_READ, write: INCIDENT_WRITE },
  responder: { read: RESTRICTED_READ, write: INCIDENT_WRITE },
  viewer: { read: RESTRICTED_READ, write: new Set() },
  guest: { read: RESTRICTED_READ, write: new Set() },
};

/** A permission row of the whoami payload (backend-contract §2.2). */
export interface WhoamiPermission {
  id?: string;
  subject?: string;
  object?: string;
  action?: string;
  deny?: boolean;
  condition?: string;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Dedupe and drop what is not a role name (team ids, 'everyone'), keeping the order of first appearance. */
export function normalizeRoles(roles: readonly unknown[] | undefined | null): Role[] {
  const seen = new Set<Role>();
  for (const r of roles ?? []) if (isRole(r)) seen.add(r);
  return [...seen];
}

/**
 * Folds roles and whoami permissions into the areas a user may read and write. Permissions are applied the way
 * the newer console does: an unconditional grant on an area name (or '*') adds it, denies are subtracted last.
 * Permissions naming backend objects that are not console areas are left to the backend to enforce.
 */
export function computeGrants(
  roles: readonly Role[],
  permissions: readonly WhoamiPermission[] = [],
): AccessGrants {
  const read = new Set<ResourceArea>();
  const write = new Set<ResourceArea>();
  for (const role of roles) {
    ROLE_PERMISSIONS[role].read.forEach((a) => read.add(a));
    ROLE_PERMISSIONS[role].write.forEach((a) => write.add(a));
  }
  const denyRead = new Set<ResourceArea>();
  const denyWrite = new Set<ResourceArea>();
  for (const p of permissions) {
    if (p.condition && p.condition !== 'true') continue;
    const areas = p.object === '*' ? RESOURCE_AREAS : RESOURCE_AREAS.filter((a) => a === p.object);
    if (areas.length === 0) continue;
    const action = p.action ?? '';
    const affectsRead = action === 'read' || action === '*';
    const affectsWrite = ['write', 'create', 'update', 'delete', '*'].includes(action);
    for (const a of areas) {
      if (affectsRead) (p.deny ? denyRead : read).add(a);
      if (affectsWrite) (p.deny ? denyWrite : write).add(a);
    }
  }
  denyRead.forEach((a) => read.delete(a));
  denyWrite.forEach((a) => write.delete(a));
  return {
    read: RESOURCE_AREAS.filter((a) => read.has(a)),
    write: RESOURCE_AREAS.filter((a) => write.has(a)),
  };
}

export function hasAnyAccess(grants: AccessGrants, areas: readonly ResourceArea[], action: Action): boolean {
  return areas.some((a) => hasAccess(grants, a, action));
}

// The role checks the browser needs live apart from the tables above (lib/auth/capabilities.ts): a client component
// importing them from here carried the role table into every catalog item's first load.
export {
  canPostComments,
  canPublishIncidents,
  canRunChecks,
  canWriteIncidents,
  isAdmin,
  isViewer,
} from './capabilities';
