/**
 * The permissions list's and dialog's shapes without zod, so that the URL contract and the first load do not
 * carry the endpoint module (lib/access/permissions-endpoints.ts holds the schemas).
 */

import type { SortedPageParams } from '@/lib/backend/endpoint';

/** The id columns a permissions list can be scoped to (a connection's, playbook's or team's Permissions tab). */
export const PERMISSION_SCOPE_KEYS = [
  'connection_id',
  'playbook_id',
  'team_id',
  'person_id',
  'component_id',
  'config_id',
  'canary_id',
  'check_id',
  'notification_id',
] as const;
export type PermissionScopeKey = (typeof PERMISSION_SCOPE_KEYS)[number];

/** Which resource column a permission targets; `global` is an RBAC object name. */
export const PERMISSION_RESOURCE_COLUMNS = {
  catalog: 'config_id',
  component: 'component_id',
  connection: 'connection_id',
  playbook: 'playbook_id',
  canary: 'canary_id',
  check: 'check_id',
  global: 'object',
} as const;
export type PermissionResourceKind = keyof typeof PERMISSION_RESOURCE_COLUMNS;

export interface PermissionsListParams extends SortedPageParams {
  scope: Partial<Record<PermissionScopeKey, string>>;
  /** A subject's id (person, team or notification). */
  subject: string | null;
  resource: PermissionResourceKind | null;
  action: string | null;
}

/** What the dialog saves: one subject id, at most one resource id or object (the others null on update). */
export interface PermissionBody {
  action: string;
  deny: boolean;
  description: string;
  until: string | null;
  source?: string;
  person_id: string | null;
  team_id: string | null;
  notification_id: string | null;
  config_id: string | null;
  component_id: string | null;
  connection_id: string | null;
  playbook_id: string | null;
  canary_id: string | null;
  /**
   * Present only when the permission names a check or an edit clears one: the real backend's table has no such
   * column (backend-contract §1.3), so sending it always would fail every write there.
   */
  check_id?: string | null;
  object: string | null;
  /** A map from resource kind to selectors (spec 001 §3.6); null for none. */
  object_selector: Record<string, unknown> | null;
  /** Tags a resource must all carry (spec 001 §3.6); null for none. */
  tags: Record<string, string> | null;
  /** Agent ids a resource must be on (the nil id is the local agent); null for any. */
  agents: string[] | null;
  created_by?: string;
  updated_by?: string;
}
