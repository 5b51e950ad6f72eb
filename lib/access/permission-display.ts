import type { PermissionSummary } from '@/lib/access/permissions-endpoints';
import type { PermissionResourceKind } from '@/lib/access/permission-model';

/**
 * What the permissions list and the dialog share (spec 001 §2.5, §3.6): the subject kinds, resource modes and
 * actions, and how a row reads in the list (its subject, its resource, its object selector in one line).
 */

export const SUBJECT_KINDS = [
  { value: 'team', label: 'Team' },
  { value: 'person', label: 'Person' },
  { value: 'notification', label: 'Notification' },
] as const;
export type SubjectKind = (typeof SUBJECT_KINDS)[number]['value'];

export const RESOURCE_MODES = [
  { value: 'catalog', label: 'Catalog' },
  { value: 'component', label: 'Component' },
  { value: 'connection', label: 'Connection' },
  { value: 'playbook', label: 'Playbook' },
  { value: 'canary', label: 'Health Check' },
  { value: 'check', label: 'Check' },
  { value: 'global', label: 'Global' },
] as const satisfies readonly { value: PermissionResourceKind; label: string }[];

export const PERMISSION_ACTIONS = [
  'read',
  'update',
  'create',
  'delete',
  '*',
  'create,read,update,delete',
  'playbook:run',
  'playbook:approve',
] as const;

export function hasSelector(value: unknown): value is Record<string, unknown> {
  return (
    Boolean(value) && typeof value === 'object' && !Array.isArray(value) && Object.keys(value!).length > 0
  );
}

function selectorValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(selectorValue).join('|');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An object selector in one readable line for the list: `playbooks: name=restart-*; configs: types=A|B` (one
 * selector's fields joined by commas, a kind's selectors by ' or '); null for none.
 */
export function selectorSummary(value: unknown): string | null {
  if (!hasSelector(value)) return null;
  return Object.entries(value)
    .map(([kind, list]) => {
      const selectors = (Array.isArray(list) ? list : [list]).map((selector) =>
        selector && typeof selector === 'object' && !Array.isArray(selector)
          ? Object.entries(selector)
              .map(([key, v]) => `${key}=${selectorValue(v)}`)
              .join(', ')
          : selectorValue(selector),
      );
      return `${kind}: ${selectors.join(' or ')}`;
    })
    .join('; ');
}

/** The subject a row names, for the list: kind and display name. */
export function subjectOf(row: PermissionSummary): {
  kind: SubjectKind | 'role';
  name: string;
  avatar?: string | null;
} {
  if (row.person_id || row.subject_type === 'person')
    return { kind: 'person', name: row.person?.name ?? row.subject ?? '', avatar: row.person?.avatar };
  if (row.team_id || row.subject_type === 'team')
    return { kind: 'team', name: row.team?.name ?? row.subject ?? '' };
  if (row.notification_id || row.subject_type === 'notification')
    return { kind: 'notification', name: row.notification?.name ?? row.subject ?? '' };
  return { kind: 'role', name: row.group?.name ?? row.subject ?? '' };
}

/** The resource or object a row is scoped to, for the list: its kind label and name. */
export function resourceOf(row: PermissionSummary): { kind: string; name: string } {
  if (row.config_id) return { kind: 'Catalog', name: row.config_object?.name ?? row.config_id };
  if (row.component_id) return { kind: 'Component', name: row.component_object?.name ?? row.component_id };
  if (row.connection_id)
    return { kind: 'Connection', name: row.connection_object?.name ?? row.connection_id };
  if (row.playbook_id)
    return {
      kind: 'Playbook',
      name: row.playbook_object?.title || row.playbook_object?.name || row.playbook_id,
    };
  if (row.canary_id) return { kind: 'Health Check', name: row.canary_object?.name ?? row.canary_id };
  if (row.check_id) return { kind: 'Check', name: row.check_object?.name ?? row.check_id };
  return { kind: 'Global', name: row.object ?? '*' };
}
