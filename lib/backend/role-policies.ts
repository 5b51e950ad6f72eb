import { actionForMethod, objectForResource } from '@/lib/embedded-backend/rbac/objects';
import { rolesAllow } from '@/lib/embedded-backend/rbac/policies';
import { computeGrants, type AccessGrants, type Role } from '@/lib/auth/permissions';

/**
 * The console's decision on a `/db` request, made from the backend's own role policies and resource → object map
 * (lib/embedded-backend/rbac: pure modules, no database), so the console never lets through what the backend's
 * roles refuse (issue 31 item 14: the console's area table let editors write properties, permissions, agents …
 * and viewers read monitoring and system tables, all refused by the backend).
 *
 * Only for sessions whose grants are their roles' alone: whoami `permissions` rows (custom grants) can allow more
 * than the roles do, and those stay the backend's to decide.
 */

export type DbObjectDecision = { object: string; action: string } | undefined;

/** The backend object and action of a /db request (decoded path without the query), or undefined for other paths. */
export function dbObjectOf(path: string, method: string): DbObjectDecision {
  if (!path.startsWith('/db/')) return undefined;
  const rest = path.slice('/db/'.length);
  const resource = rest.startsWith('rpc/') ? rest : (rest.split('/')[0] ?? '');
  const object = objectForResource(resource);
  const action = actionForMethod(method);
  return object && action ? { object, action } : undefined;
}

/** Whether the roles may do action on the backend object, exactly as the embedded backend decides for them. */
export function rolesMayDo(roles: readonly Role[], object: string, action: string): boolean {
  return rolesAllow(roles, object, action);
}

function sameGrants(a: AccessGrants, b: AccessGrants): boolean {
  const key = (g: AccessGrants) => JSON.stringify([[...g.read].sort(), [...g.write].sort()]);
  return key(a) === key(b);
}

/**
 * False when the backend's role policies refuse this /db request for a session whose grants come from its roles
 * alone; true otherwise (another path, an unmapped resource the backend answers 404, or custom grants).
 */
export function dbRequestAllowedByRoles(
  session: { roles: readonly Role[]; grants: AccessGrants },
  path: string,
  method: string,
): boolean {
  const decision = dbObjectOf(path, method);
  if (!decision) return true;
  if (!sameGrants(session.grants, computeGrants(session.roles))) return true;
  return rolesMayDo(session.roles, decision.object, decision.action);
}
