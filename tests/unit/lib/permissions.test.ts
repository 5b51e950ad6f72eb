import { backendAllowances } from '@/lib/auth/backend-access';
import {
  canRunChecks,
  computeGrants,
  isAdmin,
  isViewer,
  normalizeRoles,
  type Role,
} from '@/lib/auth/permissions';
import { isFeatureDisabled, toFeatureProperties } from '@/lib/feature-flags';

describe('roles', () => {
  it('dedupes roles and drops team ids and everyone', () => {
    expect(normalizeRoles(['editor', 'everyone', 'viewer', 'editor', '2b1c…', 42, null])).toEqual([
      'editor',
      'viewer',
    ]);
    expect(normalizeRoles(undefined)).toEqual([]);
  });

  it('knows admin and viewer', () => {
    expect(isAdmin(['admin'])).toBe(true);
    expect(isAdmin(['editor'])).toBe(false);
    expect(isViewer(['viewer'])).toBe(true);
    expect(isViewer(['guest'])).toBe(true);
    expect(isViewer(['editor', 'viewer'])).toBe(false);
    expect(isViewer(['commander'])).toBe(false);
  });

  it('shows Run Now only to admin, editor, responder and commander, where the backend runs checks', () => {
    const unknown = { read: [], write: [] };
    expect(canRunChecks(['admin'], unknown)).toBe(true);
    expect(canRunChecks(['editor'], unknown)).toBe(true);
    expect(canRunChecks(['responder'], unknown)).toBe(true);
    expect(canRunChecks(['commander'], unknown)).toBe(true);
    expect(canRunChecks(['viewer'], unknown)).toBe(false);
    expect(canRunChecks(['guest'], unknown)).toBe(false);
    // The backend's default policies let only admins and editors create canary runs (issue 37).
    const backend = (roles: Role[]) => ({ read: [], write: [], backend: backendAllowances(roles, []) });
    expect(canRunChecks(['admin'], backend(['admin']))).toBe(true);
    expect(canRunChecks(['editor'], backend(['editor']))).toBe(true);
    expect(canRunChecks(['commander'], backend(['commander']))).toBe(false);
    expect(canRunChecks(['responder'], backend(['responder']))).toBe(false);
  });

  it('folds whoami permissions: grants on areas and *, denies last, conditions ignored', () => {
    const grants = computeGrants(
      ['viewer'],
      [
        { object: 'connections', action: 'read' },
        { object: 'playbooks', action: 'update' },
        { object: 'canaries', action: 'read', deny: true },
        { object: 'rbac', action: '*', condition: 'r.obj.name == "x"' },
        { object: 'catalog', action: '*' },
      ],
    );
    expect(grants.read).toContain('connections');
    expect(grants.write).toEqual(['playbooks']);
    expect(grants.read).not.toContain('canaries');
    expect(grants.read).not.toContain('rbac');
    const all = computeGrants([], [{ object: '*', action: 'read' }]);
    expect(all.read.length).toBe(22);
    expect(all.write).toEqual([]);
  });
});

describe('feature flags', () => {
  it('is disabled only by the exact value true, inheriting from its parent', () => {
    const props = toFeatureProperties([
      { name: 'config.disable', value: 'true' },
      { name: 'logs.disable', value: 'yes' },
      { name: 'unrelated', value: 'true' },
    ]);
    expect(props).toEqual({ 'config.disable': 'true', 'logs.disable': 'yes' });
    expect(isFeatureDisabled('config', props)).toBe(true);
    expect(isFeatureDisabled('settings.config_scraper', props)).toBe(true);
    expect(isFeatureDisabled('logs', props)).toBe(false);
    expect(isFeatureDisabled('settings.job_history', { 'health.disable': 'true' })).toBe(true);
    expect(isFeatureDisabled('settings.topology', { 'topology.disable': 'TRUE' })).toBe(true);
    expect(isFeatureDisabled('incidents', {})).toBe(false);
  });
});
