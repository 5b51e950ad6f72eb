import type { PermissionSummary } from '@/lib/access/permissions-endpoints';
import type { PermissionBody, PermissionResourceKind } from '@/lib/access/permission-model';
import { hasSelector, type SubjectKind } from '@/lib/access/permission-display';
import { isUuid } from '@/lib/uuid';
import { NIL_AGENT_ID } from '@/lib/constants';
import { toKeyValuePairs, type KeyValuePair } from '@/lib/forms/schema';

/**
 * The permission dialog's rules as data and pure functions (spec 001 §2.5, §4, §6): the RBAC objects of Global,
 * what switching clears, the required fields and the request body. The dialog only binds them; what the list also
 * needs (subject kinds, resource modes, actions, how a row reads) is permission-display.ts, so the list's first
 * load does not carry the dialog's rules.
 */

/** The RBAC objects a Global permission may name (the backend's object names). */
export const GLOBAL_OBJECTS = [
  'canaries',
  'catalog',
  'incident',
  'people',
  'topology',
  'playbooks',
  'connection',
  'connection-detail',
  'agent-push',
  'kubernetes-proxy',
  'notification',
  'rbac',
  'logs',
  'agent',
  'artifact',
] as const;

/** The resource kinds an object selector may name (the kinds the backend's ABAC conditions match). */
export const OBJECT_SELECTOR_KINDS = [
  'playbooks',
  'configs',
  'components',
  'checks',
  'canaries',
  'connections',
] as const;

/** A picked catalog item, component or check (from the resource selector), kept with its name for display. */
export interface PickedResource {
  id: string;
  name: string;
  type?: string | null;
  kind: 'configs' | 'components' | 'checks';
}

/** A row's catalog item or component as the picker holds it; its id stands in for a name the row did not embed. */
function picked(
  kind: PickedResource['kind'],
  id: string | null | undefined,
  object: { name?: string | null; type?: string | null } | null | undefined,
): PickedResource | null {
  return id ? { id, name: object?.name ?? id, type: object?.type, kind } : null;
}

export interface PermissionFormValues {
  subjectKind: SubjectKind;
  person_id: string;
  team_id: string;
  notification_id: string;
  resourceMode: PermissionResourceKind;
  config: PickedResource | null;
  component: PickedResource | null;
  connection_id: string;
  playbook_id: string;
  canary_id: string;
  check: PickedResource | null;
  object: string;
  /** YAML or JSON text of the object selector; '' for none. */
  object_selector: string;
  /** Tag rows (key=value) a resource must all carry; none for no narrowing. */
  tags: KeyValuePair[];
  /** Agent ids a resource must be on (the nil id is the local agent); none for any agent. */
  agents: string[];
  action: string;
  deny: boolean;
  description: string;
  /** datetime-local text or an ISO instant; '' for none. */
  until: string;
}

export const SUBJECT_FIELD: Record<SubjectKind, 'person_id' | 'team_id' | 'notification_id'> = {
  person: 'person_id',
  team: 'team_id',
  notification: 'notification_id',
};

/** The fields that hold the resource of each mode. */
export const RESOURCE_FIELD = {
  catalog: 'config',
  component: 'component',
  connection: 'connection_id',
  playbook: 'playbook_id',
  canary: 'canary_id',
  check: 'check',
  global: 'object',
} as const satisfies Record<PermissionResourceKind, keyof PermissionFormValues>;

export const EMPTY_PERMISSION: PermissionFormValues = {
  subjectKind: 'team',
  person_id: '',
  team_id: '',
  notification_id: '',
  resourceMode: 'catalog',
  config: null,
  component: null,
  connection_id: '',
  playbook_id: '',
  canary_id: '',
  check: null,
  object: '',
  object_selector: '',
  tags: [],
  agents: [],
  action: '',
  deny: false,
  description: '',
  until: '',
};

/** Switching the subject kind clears the subject ids (the new kind's picker starts empty, the others are dropped). */
export function subjectSwitchPatch(): Pick<
  PermissionFormValues,
  'person_id' | 'team_id' | 'notification_id'
> {
  return { person_id: '', team_id: '', notification_id: '' };
}

/** Switching the resource mode resets every chosen resource id and the Global object. */
export function resourceSwitchPatch(): Pick<
  PermissionFormValues,
  'config' | 'component' | 'connection_id' | 'playbook_id' | 'canary_id' | 'check' | 'object'
> {
  return {
    config: null,
    component: null,
    connection_id: '',
    playbook_id: '',
    canary_id: '',
    check: null,
    object: '',
  };
}

/**
 * What a values object is missing, by field (for the schema's messages). An object selector stands in for the
 * resource: a permission may target whatever its selector matches.
 */
export function missingFields(values: PermissionFormValues): (keyof PermissionFormValues)[] {
  const missing: (keyof PermissionFormValues)[] = [];
  if (!values[SUBJECT_FIELD[values.subjectKind]]) missing.push(SUBJECT_FIELD[values.subjectKind]);
  if (!values[RESOURCE_FIELD[values.resourceMode]] && values.object_selector.trim() === '')
    missing.push(RESOURCE_FIELD[values.resourceMode]);
  if (!values.action) missing.push('action');
  return missing;
}

/** Tags are stored as `key=value` pairs by the real backend (duty joins them with commas), so these would not round-trip. */
const TAG_RESERVED = /[,=]/;

/**
 * The permission's own rules for its tag rows, on top of the key/value field's (a key for every value, unique keys):
 * every tag needs a value — a resource matches only when its tag has exactly that value — and neither part may hold
 * ',' or '='. Returns one message per row that breaks a rule.
 */
export function tagRowIssues(rows: readonly KeyValuePair[]): { index: number; message: string }[] {
  const issues: { index: number; message: string }[] = [];
  rows.forEach((row, index) => {
    const key = row.key.trim();
    const value = row.value.trim();
    if (key === '') return;
    if (TAG_RESERVED.test(key) || TAG_RESERVED.test(value))
      issues.push({ index, message: 'A tag’s key and value cannot contain "," or "="' });
    else if (value === '')
      issues.push({
        index,
        message: `Enter a value for "${key}": the permission matches resources tagged ${key}=<value>`,
      });
  });
  return issues;
}

/** Why the chosen agents cannot be saved (an entry that is not an agent id, e.g. a name stored elsewhere), or null. */
export function agentsIssue(agents: readonly string[]): string | null {
  const wrong = agents.find((a) => !isUuid(a));
  return wrong === undefined
    ? null
    : `"${wrong}" is not an agent id: remove it and choose the agent from the list (a permission matches resources by their agent's id)`;
}

/** The agents the dialog offers: the local agent (nil id) first as 'local', then every other agent by name. */
export function agentOptions(
  agents: readonly { id: string; name?: string | null }[],
): { value: string; label: string }[] {
  return [
    { value: NIL_AGENT_ID, label: 'local' },
    ...agents.filter((a) => a.id !== NIL_AGENT_ID).map((a) => ({ value: a.id, label: a.name || a.id })),
  ];
}

/**
 * The request body: the chosen subject id and the chosen resource, every other id null (so an edit that switched
 * kinds clears the old one), and the audit column of the operation. `check_id` is sent only when a check is chosen
 * or the edited permission had one (`hadCheck`), because the real backend has no such column. Tags and agents
 * are always sent: blank is null (the columns' default), so an edit that empties them clears them.
 */
export function permissionBody(
  values: PermissionFormValues,
  parsed: {
    until?: string;
    object_selector?: Record<string, unknown> | null;
    /** The tag rows as a map (the key/value field's output). */
    tags?: Record<string, string> | null;
  },
  actor: { mode: 'create' | 'update'; userId: string; hadCheck?: boolean },
): PermissionBody {
  const checkId = values.resourceMode === 'check' ? values.check?.id || null : null;
  const subject = (kind: SubjectKind) =>
    values.subjectKind === kind ? values[SUBJECT_FIELD[kind]] || null : null;
  const resource = <K extends PermissionResourceKind>(mode: K, id: string | null | undefined) =>
    values.resourceMode === mode ? id || null : null;
  return {
    action: values.action,
    deny: values.deny,
    description: values.description.trim(),
    until: parsed.until ?? null,
    person_id: subject('person'),
    team_id: subject('team'),
    notification_id: subject('notification'),
    config_id: resource('catalog', values.config?.id),
    component_id: resource('component', values.component?.id),
    connection_id: resource('connection', values.connection_id),
    playbook_id: resource('playbook', values.playbook_id),
    canary_id: resource('canary', values.canary_id),
    ...(checkId || actor.hadCheck ? { check_id: checkId } : {}),
    object: resource('global', values.object),
    object_selector: parsed.object_selector ?? null,
    tags: parsed.tags && Object.keys(parsed.tags).length > 0 ? parsed.tags : null,
    agents: values.agents.length > 0 ? [...values.agents] : null,
    ...(actor.mode === 'create' ? { source: 'UI', created_by: actor.userId } : { updated_by: actor.userId }),
  };
}

/** The dialog's values for an existing permission (edit mode). */
export function formValuesOf(row: PermissionSummary): PermissionFormValues {
  const subjectKind: SubjectKind = row.person_id ? 'person' : row.notification_id ? 'notification' : 'team';
  const resourceMode: PermissionResourceKind = row.config_id
    ? 'catalog'
    : row.component_id
      ? 'component'
      : row.connection_id
        ? 'connection'
        : row.playbook_id
          ? 'playbook'
          : row.canary_id
            ? 'canary'
            : row.check_id
              ? 'check'
              : row.object
                ? 'global'
                : 'catalog';
  return {
    ...EMPTY_PERMISSION,
    subjectKind,
    person_id: row.person_id ?? '',
    team_id: row.team_id ?? '',
    notification_id: row.notification_id ?? '',
    resourceMode,
    config: picked('configs', row.config_id, row.config_object),
    component: picked('components', row.component_id, row.component_object),
    connection_id: row.connection_id ?? '',
    playbook_id: row.playbook_id ?? '',
    canary_id: row.canary_id ?? '',
    check: picked('checks', row.check_id, row.check_object),
    object: row.object ?? '',
    object_selector: hasSelector(row.object_selector) ? JSON.stringify(row.object_selector, null, 2) : '',
    tags: toKeyValuePairs(row.tags),
    agents: [...(row.agents ?? [])],
    action: row.action,
    deny: row.deny === true,
    description: row.description ?? '',
    until: row.until ?? '',
  };
}
