import { pickerEndpoint, type PermissionSummary } from '@/lib/access/permissions-endpoints';
import { NOTIFICATIONS_LIST_LIMIT } from '@/lib/constants';
import {
  objectSelectorIssue,
  objectSelectorText,
  objectSelectorYaml,
} from '@/lib/access/permission-selector';
import {
  PERMISSION_ACTIONS,
  RESOURCE_MODES,
  resourceOf,
  selectorSummary,
  subjectOf,
} from '@/lib/access/permission-display';
import {
  agentOptions,
  agentsIssue,
  EMPTY_PERMISSION,
  formValuesOf,
  GLOBAL_OBJECTS,
  missingFields,
  permissionBody,
  resourceSwitchPatch,
  subjectSwitchPatch,
  tagRowIssues,
  type PermissionFormValues,
} from '@/lib/access/permission-form';
import { NIL_AGENT_ID } from '@/lib/constants';

const actor = { mode: 'create' as const, userId: 'me' };

describe('permission dialog rules', () => {
  it('offers the spec’s actions, resource modes and Global RBAC objects', () => {
    expect(PERMISSION_ACTIONS).toEqual([
      'read',
      'update',
      'create',
      'delete',
      '*',
      'create,read,update,delete',
      'playbook:run',
      'playbook:approve',
    ]);
    expect(RESOURCE_MODES.map((m) => m.label)).toEqual([
      'Catalog',
      'Component',
      'Connection',
      'Playbook',
      'Health Check',
      'Check',
      'Global',
    ]);
    expect(GLOBAL_OBJECTS).toEqual([
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
    ]);
    expect(EMPTY_PERMISSION.deny).toBe(false);
  });

  it('switching the subject clears every subject id; switching the resource resets every chosen resource', () => {
    expect(subjectSwitchPatch()).toEqual({ person_id: '', team_id: '', notification_id: '' });
    expect(resourceSwitchPatch()).toEqual({
      config: null,
      component: null,
      connection_id: '',
      playbook_id: '',
      canary_id: '',
      check: null,
      object: '',
    });
  });

  it('sends only the chosen subject and resource, nulling the others (so an edit that switched kinds clears the old one)', () => {
    // Values left over from other kinds (as a record loaded for edit could carry) never reach the body.
    const values: PermissionFormValues = {
      ...EMPTY_PERMISSION,
      subjectKind: 'person',
      person_id: 'p1',
      team_id: 't-stale',
      resourceMode: 'playbook',
      playbook_id: 'pb1',
      connection_id: 'c-stale',
      object: 'rbac',
      action: 'playbook:run',
      description: '  run it ',
    };
    expect(permissionBody(values, { until: '2030-01-01T00:00:00.000Z' }, actor)).toEqual({
      action: 'playbook:run',
      deny: false,
      description: 'run it',
      until: '2030-01-01T00:00:00.000Z',
      person_id: 'p1',
      team_id: null,
      notification_id: null,
      config_id: null,
      component_id: null,
      connection_id: null,
      playbook_id: 'pb1',
      canary_id: null,
      object: null,
      object_selector: null,
      tags: null,
      agents: null,
      source: 'UI',
      created_by: 'me',
    });
    const global = permissionBody(
      { ...values, resourceMode: 'global', subjectKind: 'team', team_id: 't1' },
      {},
      { mode: 'update', userId: 'me' },
    );
    expect(global).toMatchObject({
      object: 'rbac',
      playbook_id: null,
      team_id: 't1',
      person_id: null,
      until: null,
      updated_by: 'me',
    });
    expect(global).not.toHaveProperty('created_by');
    const catalog = permissionBody(
      { ...values, resourceMode: 'catalog', config: { id: 'cfg', name: 'x', kind: 'configs' } },
      {},
      actor,
    );
    expect(catalog).toMatchObject({ config_id: 'cfg', playbook_id: null, object: null });
  });

  it('targets a check by check_id, and sends check_id only for a check or to clear one (the real backend lacks it)', () => {
    const values: PermissionFormValues = {
      ...EMPTY_PERMISSION,
      team_id: 't1',
      resourceMode: 'check',
      check: { id: 'chk', name: 'api-health', kind: 'checks' },
      action: 'read',
    };
    expect(missingFields({ ...values, check: null })).toEqual(['check']);
    expect(missingFields(values)).toEqual([]);
    expect(permissionBody(values, {}, actor)).toMatchObject({
      check_id: 'chk',
      canary_id: null,
      config_id: null,
      object: null,
    });
    const playbook = { ...values, resourceMode: 'playbook' as const, playbook_id: 'pb' };
    expect(permissionBody(playbook, {}, actor)).not.toHaveProperty('check_id');
    expect(permissionBody(playbook, {}, { mode: 'update', userId: 'me', hadCheck: true })).toMatchObject({
      check_id: null,
      playbook_id: 'pb',
    });
    const row = {
      id: 'c',
      action: 'read',
      team_id: 't1',
      check_id: 'chk',
      check_object: { id: 'chk', name: 'api-health', type: 'http' },
    } as PermissionSummary;
    expect(formValuesOf(row)).toMatchObject({
      resourceMode: 'check',
      check: { id: 'chk', name: 'api-health', kind: 'checks' },
    });
    expect(resourceOf(row)).toEqual({ kind: 'Check', name: 'api-health' });
    expect(resourceOf({ ...row, check_object: null })).toEqual({ kind: 'Check', name: 'chk' });
  });

  it('requires a subject of the chosen kind, a resource of the chosen mode and an action', () => {
    expect(missingFields(EMPTY_PERMISSION)).toEqual(['team_id', 'config', 'action']);
    expect(
      missingFields({
        ...EMPTY_PERMISSION,
        subjectKind: 'notification',
        team_id: 't',
        resourceMode: 'global',
        object: 'logs',
        action: 'read',
      }),
    ).toEqual(['notification_id']);
    expect(
      missingFields({
        ...EMPTY_PERMISSION,
        team_id: 't',
        resourceMode: 'canary',
        canary_id: 'c',
        action: '*',
      }),
    ).toEqual([]);
  });

  it('reads a saved permission back into the dialog, and names its subject and resource for the list', () => {
    const row = {
      id: 'x',
      action: 'read',
      deny: true,
      person_id: 'p1',
      person: { id: 'p1', name: 'Alice', avatar: null },
      connection_id: 'c1',
      connection_object: { id: 'c1', name: 'postgres-main', type: 'postgres' },
      until: '2030-01-01T00:00:00Z',
      description: 'no',
    } as PermissionSummary;
    expect(formValuesOf(row)).toMatchObject({
      subjectKind: 'person',
      person_id: 'p1',
      resourceMode: 'connection',
      connection_id: 'c1',
      deny: true,
      until: '2030-01-01T00:00:00Z',
    });
    expect(subjectOf(row)).toEqual({ kind: 'person', name: 'Alice', avatar: null });
    expect(resourceOf(row)).toEqual({ kind: 'Connection', name: 'postgres-main' });
    const global = {
      id: 'y',
      action: '*',
      team_id: 't',
      team: { id: 't', name: 'SRE' },
      object: 'rbac',
    } as PermissionSummary;
    expect(formValuesOf(global)).toMatchObject({
      subjectKind: 'team',
      resourceMode: 'global',
      object: 'rbac',
    });
    expect(resourceOf(global)).toEqual({ kind: 'Global', name: 'rbac' });
    expect(
      subjectOf({ id: 'z', action: 'read', subject: 'editor', subject_type: 'group' } as PermissionSummary),
    ).toEqual({ kind: 'role', name: 'editor' });
  });
});

describe('the object selector (spec 001 §3.6)', () => {
  const rule = objectSelectorText();

  it('reads YAML or JSON text into the selector object; blank or {} is none', () => {
    expect(rule.parse('playbooks:\n  - name: restart-*\n')).toEqual({ playbooks: [{ name: 'restart-*' }] });
    expect(rule.parse('{"configs": [{"types": ["Kubernetes::Pod"]}], "checks": [{"name": "api"}]}')).toEqual({
      configs: [{ types: ['Kubernetes::Pod'] }],
      checks: [{ name: 'api' }],
    });
    expect(rule.parse('  ')).toBeNull();
    expect(rule.parse('{}')).toBeNull();
  });

  it('refuses text that does not parse, or a shape the backend cannot match, with a message saying why', () => {
    const message = (text: string) => rule.safeParse(text).error?.issues[0]?.message;
    expect(message('playbooks: [')).toMatch(/^Invalid YAML at line 1/);
    expect(message('- a\n- b')).toMatch(/must map resource kinds to lists of selectors/);
    expect(message('teams: [{name: sre}]')).toBe(
      'Unknown resource kind "teams": use playbooks, configs, components, checks, canaries, connections',
    );
    expect(message('playbooks: {name: x}')).toBe('"playbooks" must be a list of selectors');
    expect(message('playbooks: []')).toBe('"playbooks" must be a list of selectors');
    expect(message('configs: [{}]')).toMatch(/^Each selector under "configs" must be an object/);
    expect(message('configs: [restart]')).toMatch(/^Each selector under "configs"/);
    expect(objectSelectorIssue({ canaries: [{ namespace: 'prod' }] })).toBeNull();
  });

  it('round-trips a stored selector through the dialog and the body, and stands in for the resource', () => {
    const stored = { playbooks: [{ name: 'restart-*', namespace: 'default' }] };
    const text = objectSelectorYaml(stored);
    expect(text).toContain('name: restart-*');
    expect(rule.parse(text)).toEqual(stored);
    expect(objectSelectorYaml(null)).toBe('');
    expect(objectSelectorYaml({})).toBe('');

    const row = {
      id: 's',
      action: 'playbook:run',
      team_id: 't',
      object_selector: stored,
    } as PermissionSummary;
    const values = formValuesOf(row);
    expect(JSON.parse(values.object_selector)).toEqual(stored);
    // With a selector the resource may stay empty; without one it is required.
    expect(missingFields(values)).toEqual([]);
    expect(missingFields({ ...values, object_selector: '' })).toEqual(['config']);
    expect(
      permissionBody(values, { object_selector: stored }, { mode: 'update', userId: 'me' }),
    ).toMatchObject({ object_selector: stored, config_id: null, team_id: 't' });
    expect(permissionBody(values, {}, { mode: 'update', userId: 'me' }).object_selector).toBeNull();
  });

  it('reads a selector in one line for the list', () => {
    expect(selectorSummary({ playbooks: [{ name: 'restart-*' }] })).toBe('playbooks: name=restart-*');
    expect(
      selectorSummary({
        configs: [
          { types: ['Kubernetes::Pod', 'Kubernetes::Deployment'], namespace: 'prod' },
          { name: 'db' },
        ],
        checks: [{ name: 'api' }],
      }),
    ).toBe(
      'configs: types=Kubernetes::Pod|Kubernetes::Deployment, namespace=prod or name=db; checks: name=api',
    );
    expect(selectorSummary(null)).toBeNull();
    expect(selectorSummary({})).toBeNull();
  });
});

describe('tags and agents (spec 001 §3.6)', () => {
  const AGENT = '0193a1b2-0000-7000-8000-000000000001';

  it('needs a value for every tag and no "," or "=" in either part (the backend stores key=value pairs)', () => {
    expect(
      tagRowIssues([
        { key: 'env', value: 'prod' },
        { key: '', value: '' },
        { key: 'team', value: ' ' },
        { key: 'a=b', value: 'x' },
        { key: 'zone', value: 'eu,us' },
      ]),
    ).toEqual([
      { index: 2, message: 'Enter a value for "team": the permission matches resources tagged team=<value>' },
      { index: 3, message: 'A tag’s key and value cannot contain "," or "="' },
      { index: 4, message: 'A tag’s key and value cannot contain "," or "="' },
    ]);
    // A value without a key is the key/value field's own rule (keyValueMap), not repeated here.
    expect(tagRowIssues([{ key: ' ', value: 'x' }])).toEqual([]);
  });

  it('takes agent ids only (the backend matches a resource by its agent id), and offers the local agent first', () => {
    expect(agentsIssue([AGENT, NIL_AGENT_ID])).toBeNull();
    expect(agentsIssue([])).toBeNull();
    expect(agentsIssue([AGENT, 'edge'])).toBe(
      '"edge" is not an agent id: remove it and choose the agent from the list (a permission matches resources by their agent\'s id)',
    );
    expect(
      agentOptions([
        { id: AGENT, name: 'eu-west' },
        { id: NIL_AGENT_ID, name: 'local' },
        { id: 'x', name: null },
      ]),
    ).toEqual([
      { value: NIL_AGENT_ID, label: 'local' },
      { value: AGENT, label: 'eu-west' },
      { value: 'x', label: 'x' },
    ]);
  });

  it('reads stored tags and agents into the dialog and sends them back; blank is null, so an edit clears them', () => {
    const row = {
      id: 't',
      action: 'read',
      team_id: 't1',
      object: 'catalog',
      tags: { cluster: 'prod', tier: 2 },
      agents: [AGENT],
    } as PermissionSummary;
    const values = formValuesOf(row);
    expect(values.tags).toEqual([
      { key: 'cluster', value: 'prod' },
      { key: 'tier', value: '2' },
    ]);
    expect(values.agents).toEqual([AGENT]);
    const update = { mode: 'update' as const, userId: 'me' };
    expect(permissionBody(values, { tags: { cluster: 'prod' } }, update)).toMatchObject({
      tags: { cluster: 'prod' },
      agents: [AGENT],
    });
    expect(permissionBody({ ...values, agents: [] }, { tags: {} }, update)).toMatchObject({
      tags: null,
      agents: null,
    });
    expect(formValuesOf({ ...row, tags: null, agents: null })).toMatchObject({ tags: [], agents: [] });
  });
});

describe("the permission dialog's pickers (spec 000 §9)", () => {
  it('lists at most NOTIFICATIONS_LIST_LIMIT notifications, by name', () => {
    const url = new URL(pickerEndpoint('notifications').path, 'http://backend.test');
    expect(url.searchParams.get('limit')).toBe(String(NOTIFICATIONS_LIST_LIMIT));
    expect(NOTIFICATIONS_LIST_LIMIT).toBe(1000);
    expect(url.searchParams.get('order')).toBe('name.asc');
    expect(url.searchParams.get('deleted_at')).toBe('is.null');
  });
});
