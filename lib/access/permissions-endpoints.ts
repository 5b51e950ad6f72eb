import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { NOTIFICATIONS_LIST_LIMIT } from '@/lib/constants';
import {
  PERMISSION_RESOURCE_COLUMNS,
  PERMISSION_SCOPE_KEYS,
  type PermissionBody,
  type PermissionsListParams,
} from '@/lib/access/permission-model';

/** Permissions (spec 000 §7 "permissions_summary; POST, PATCH and DELETE permissions") and the dialog's pickers. */

const named = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const permissionSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
  action: z.string(),
  deny: z.boolean().nullish(),
  object: z.string().nullish(),
  object_selector: z.record(z.string(), z.unknown()).nullish(),
  source: z.string().nullish(),
  subject: z.string().nullish(),
  subject_type: z.string().nullish(),
  until: z.string().nullish(),
  tags: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullish(),
  agents: z.array(z.string()).nullish(),
  created_at: z.string().nullish(),
  created_by: z.string().nullish(),
  person_id: z.string().nullish(),
  team_id: z.string().nullish(),
  notification_id: z.string().nullish(),
  component_id: z.string().nullish(),
  config_id: z.string().nullish(),
  canary_id: z.string().nullish(),
  playbook_id: z.string().nullish(),
  connection_id: z.string().nullish(),
  check_id: z.string().nullish(),
  person: named.extend({ avatar: z.string().nullish() }).nullish(),
  team: named.extend({ icon: z.string().nullish() }).nullish(),
  notification: named.extend({ namespace: z.string().nullish() }).nullish(),
  group: named.nullish(),
  component_object: named.extend({ icon: z.string().nullish(), type: z.string().nullish() }).nullish(),
  config_object: named.extend({ type: z.string().nullish() }).nullish(),
  canary_object: named.extend({ namespace: z.string().nullish() }).nullish(),
  playbook_object: named.extend({ title: z.string().nullish(), icon: z.string().nullish() }).nullish(),
  connection_object: named.extend({ type: z.string().nullish() }).nullish(),
  check_object: named
    .extend({ type: z.string().nullish(), icon: z.string().nullish(), canary_id: z.string().nullish() })
    .nullish(),
  creator: named.extend({ avatar: z.string().nullish() }).nullish(),
});
export type PermissionSummary = z.infer<typeof permissionSummarySchema>;

// check_id is left out: the real backend's permissions_summary has no such column (a filter on it would fail there),
// and this console never saves a check together with an object, so no check permission lists as Global anyway.
const RESOURCE_ID_COLUMNS = Object.values(PERMISSION_RESOURCE_COLUMNS).filter(
  (c) => c !== 'object' && c !== 'check_id',
);

const LIST_SELECT = '*,creator:people!permissions_created_by_fkey(id,name,avatar)';

export function permissionsListEndpoint(p: PermissionsListParams): Endpoint<PermissionSummary[]> {
  const q = pgrst('permissions_summary').select(LIST_SELECT);
  for (const key of PERMISSION_SCOPE_KEYS) {
    const value = p.scope[key];
    if (value) q.eq(key, value);
  }
  if (p.subject) q.eq('subject', p.subject);
  if (p.resource) q.not(PERMISSION_RESOURCE_COLUMNS[p.resource], 'is', null);
  // Global means an RBAC object alone: a row naming an object and a resource id lists under that resource.
  if (p.resource === 'global') for (const column of RESOURCE_ID_COLUMNS) q.is(column, null);
  if (p.action) q.eq('action', p.action);
  q.order(p.sortBy ?? 'created_at', p.sortDesc ? 'desc' : 'asc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(permissionSummarySchema) };
}

export function createPermissionEndpoint(body: PermissionBody): Endpoint<unknown> {
  return { method: 'POST', path: pgrst('permissions').toPath(), body, schema: z.unknown() };
}

export function updatePermissionEndpoint(id: string, body: PermissionBody): Endpoint<unknown> {
  return { method: 'PATCH', path: pgrst('permissions').eq('id', id).toPath(), body, schema: z.unknown() };
}

export function deletePermissionEndpoint(id: string): Endpoint<unknown> {
  return { method: 'DELETE', path: pgrst('permissions').eq('id', id).toPath(), schema: z.unknown() };
}

export const pickerItemSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  title: z.string().nullish(),
  type: z.string().nullish(),
});
export type PickerItem = z.infer<typeof pickerItemSchema>;

export type PermissionPicker = 'teams' | 'notifications' | 'connections' | 'playbooks' | 'canaries';

/** The names a picker of the permission dialog offers, by name; notifications at most NOTIFICATIONS_LIST_LIMIT (000 §9). */
export function pickerEndpoint(picker: PermissionPicker): Endpoint<PickerItem[]> {
  const q =
    picker === 'teams'
      ? pgrst('teams').select('id,name').is('deleted_at', null)
      : picker === 'notifications'
        ? pgrst('notifications')
            .select('id,name,namespace')
            .is('deleted_at', null)
            .limit(NOTIFICATIONS_LIST_LIMIT)
        : picker === 'connections'
          ? pgrst('connections').select('id,name,namespace,type').is('deleted_at', null)
          : picker === 'playbooks'
            ? pgrst('playbook_names').select('id,name,namespace,title')
            : pgrst('canary_names').select('id,name,namespace');
  q.order('name', 'asc');
  return { path: q.toPath(), schema: z.array(pickerItemSchema) };
}
