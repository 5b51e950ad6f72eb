import type { ResourceArea } from './resource-areas';

/**
 * The access check on a session's grants, apart from the role table (lib/auth/permissions.ts): the browser checks
 * grants on every console page, and needs none of the tables that compute them.
 */

export type Action = 'read' | 'write';

export interface AccessGrants {
  read: ResourceArea[];
  write: ResourceArea[];
}

export function hasAccess(grants: AccessGrants, area: ResourceArea, action: Action): boolean {
  return (action === 'read' ? grants.read : grants.write).includes(area);
}
