import type { ResourceArea } from './resource-areas';

/**
 * The access check on a session's grants, apart from the role table (lib/auth/permissions.ts): the browser checks
 * grants on every console page, and needs none of the tables that compute them.
 */

export type Action = 'read' | 'write';

/** An action of the backend's RBAC on one of its objects. */
export type BackendAction = 'create' | 'read' | 'update' | 'delete';

export interface AccessGrants {
  read: ResourceArea[];
  write: ResourceArea[];
  /**
   * What the backend allows this person, by its RBAC object: the first letters of the actions it allows (`'r'`,
   * `'crud'`), an object left out allowing nothing (issue 37: the console never offers what the backend refuses).
   * Absent when the backend's answer could not tell; the backend then decides request by request.
   */
  backend?: Record<string, string>;
}

export function hasAccess(grants: AccessGrants, area: ResourceArea, action: Action): boolean {
  return (action === 'read' ? grants.read : grants.write).includes(area);
}

/** Whether the backend allows action on object for these grants (true when that is not known). */
export function backendAllows(grants: AccessGrants, object: string, action: BackendAction): boolean {
  if (!grants.backend) return true;
  return (grants.backend[object] ?? '').includes(action.charAt(0));
}
