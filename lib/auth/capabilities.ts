import { backendAllows, hasAccess, type AccessGrants } from './grants';
import type { Role } from './roles';

/**
 * Role checks of what a person may do, apart from the role table (lib/auth/permissions.ts re-exports them): client
 * components use them, and need none of the tables that compute grants.
 */

export const isAdmin = (roles: readonly Role[]) => roles.includes('admin');

/**
 * Viewer or guest with no stronger role. The earlier console treated anyone whose roles merely included 'viewer'
 * as a viewer, and the real backend lists inherited roles (editor → editor, viewer), which hid Settings from
 * editors; a stronger role wins here.
 */
export const isViewer = (roles: readonly Role[]) =>
  (roles.includes('viewer') || roles.includes('guest')) &&
  !roles.some((r) => r === 'admin' || r === 'editor' || r === 'commander' || r === 'responder');

/**
 * Run Now on a check: the spec's fixed list (000 §6), independent of the area table, and only where the backend
 * runs it (`canaries` create: admins and editors by default), so commanders and responders are not offered a
 * button the backend refuses (issue 37).
 */
export const canRunChecks = (roles: readonly Role[], grants: AccessGrants) =>
  roles.some((r) => r === 'admin' || r === 'editor' || r === 'responder' || r === 'commander') &&
  backendAllows(grants, 'canaries', 'create');

/**
 * Incident writes (create, edit, Link to Incident): write on incident in the console's table AND a role the
 * backend lets touch incidents (commander, responder, admin: backend-contract §3.4), so an editor, whom the
 * console's table allows, is never offered a write the backend refuses (001 §6).
 */
export const canWriteIncidents = (roles: readonly Role[], grants: AccessGrants) =>
  hasAccess(grants, 'incident', 'write') &&
  roles.some((r) => r === 'admin' || r === 'commander' || r === 'responder');

/**
 * Making an incident public and writing its public updates (issue 38): write on incident in the console's table and
 * a role the backend's incident_publication policies allow (admin, commander).
 */
export const canPublishIncidents = (roles: readonly Role[], grants: AccessGrants) =>
  hasAccess(grants, 'incident', 'write') && roles.some((r) => r === 'admin' || r === 'commander');

/** Posting a comment on an incident or a hypothesis: write on comments, by a role the backend lets write incidents. */
export const canPostComments = (roles: readonly Role[], grants: AccessGrants) =>
  canWriteIncidents(roles, grants) && hasAccess(grants, 'comments', 'write');
