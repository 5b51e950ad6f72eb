import { decideAccess } from '@/lib/auth/access';
import { computeGrants, RESOURCE_AREAS, ROLES, type ResourceArea, type Role } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { buildPath, matchRoute, PUBLIC_PATHS, ROUTES, SIDEBAR_ROUTES } from '@/lib/routes';
import { sidebarEntriesFor } from '@/lib/shell/sidebar-entries';

// Spec 000 §6, restated here on purpose so that the implementation is checked against the spec, not itself.
// Status pages (issue 38) are admin-only too: the backend's status_page object is granted to no other role.
const NOT_FOR_NON_ADMINS: ResourceArea[] = ['connections', 'identities', 'rbac', 'status_pages'];
const INCIDENT_AREAS: ResourceArea[] = ['responder', 'incident', 'evidences', 'comments'];
function specAllows(role: Role, area: ResourceArea, action: 'read' | 'write'): boolean {
  if (role === 'admin') return true;
  if (role === 'editor') return !NOT_FOR_NON_ADMINS.includes(area);
  if (action === 'read') return !NOT_FOR_NON_ADMINS.includes(area);
  if (role === 'commander' || role === 'responder') return INCIDENT_AREAS.includes(area);
  return false;
}

function sessionFor(role: Role, features: Record<string, string> = {}): ConsoleSession {
  return {
    mode: 'basic',
    user: { id: role, name: role },
    roles: [role],
    grants: computeGrants([role]),
    features,
    refreshedAt: Date.now(),
  };
}

describe('route registry gates × roles', () => {
  const gated = ROUTES.filter((r) => typeof r.access === 'object');

  it('covers every route of spec 000 §2', () => {
    const patterns = ROUTES.map((r) => r.pattern);
    for (const p of [
      '/',
      '/configs',
      '/view/topology/[id]',
      '/view/health',
      '/topology',
      '/topology/[id]',
      '/incidents',
      '/incidents/[id]',
      '/health',
      '/playbooks',
      '/playbooks/[id]',
      '/playbooks/runs',
      '/playbooks/runs/[id]',
      '/notifications',
      '/notifications/rules',
      '/notifications/silences',
      '/notifications/silences/add',
      '/logs',
      '/catalog',
      '/catalog/changes',
      '/catalog/insights',
      '/catalog/scrapers',
      '/catalog/scrapers/[id]',
      '/catalog/[id]',
      '/catalog/[id]/changes',
      '/insights',
      '/relationships',
      '/checks',
      '/config-db',
      '/settings/connections',
      '/settings/permissions',
      '/settings/users',
      '/settings/jobs',
      '/settings/feature-flags',
      '/settings/event-queue-status',
      '/settings/agents',
      '/settings/integrations',
      '/settings/integrations/[type]/[id]',
      '/settings/teams',
      '/settings/teams/[id]',
      '/login',
      '/registration',
      '/recovery',
      '/verification',
      '/profile-settings',
      '/error',
      '/auth-state-checker',
      '/organizations/orgs-switched',
    ]) {
      expect(patterns).toContain(p);
    }
  });

  it.each(ROLES.flatMap((role) => gated.map((route) => [role, route.pattern] as const)))(
    '%s on %s follows the spec role table',
    (role, pattern) => {
      const route = ROUTES.find((r) => r.pattern === pattern)!;
      const gate = route.access as { resource: ResourceArea; action: 'read' | 'write' };
      const expected = specAllows(role, gate.resource, gate.action) ? 'allow' : 'forbidden';
      expect(decideAccess(route, sessionFor(role), 'basic')).toBe(expected);
    },
  );

  it.each(
    ROLES.flatMap((role) =>
      RESOURCE_AREAS.flatMap(
        (area) =>
          [
            [role, area, 'read'],
            [role, area, 'write'],
          ] as const,
      ),
    ),
  )('%s %s %s grant matches the spec', (role, area, action) => {
    const grants = computeGrants([role]);
    expect((action === 'read' ? grants.read : grants.write).includes(area)).toBe(
      specAllows(role, area, action),
    );
  });

  it('sends the anonymous to sign-in on every non-public route and lets them reach public ones', () => {
    for (const route of ROUTES) {
      if (!route.modes?.includes('basic')) continue;
      expect(decideAccess(route, null, 'basic')).toBe(route.access === 'public' ? 'allow' : 'sign-in');
    }
  });

  it('keeps the public list exact: sign-in pages and the public status pages (issue 38) only', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      [
        '/status/[slug]',
        '/status/[slug]/feed.xml',
        '/auth-state-checker',
        '/error',
        '/login',
        '/logout',
        '/recovery',
        '/registration',
        '/verification',
      ].sort(),
    );
  });

  it('answers the named gates of the spec', () => {
    const at = (path: string) => matchRoute(path)!.route;
    expect(decideAccess(at('/settings/connections'), sessionFor('editor'), 'basic')).toBe('forbidden');
    expect(decideAccess(at('/settings/users'), sessionFor('editor'), 'basic')).toBe('forbidden');
    expect(decideAccess(at('/settings/users'), sessionFor('admin'), 'basic')).toBe('allow');
    expect(decideAccess(at('/notifications/silences/add'), sessionFor('commander'), 'basic')).toBe(
      'forbidden',
    );
    expect(decideAccess(at('/notifications/silences/add'), sessionFor('editor'), 'basic')).toBe('allow');
    expect(decideAccess(at('/settings/integrations/scrapers/1'), sessionFor('viewer'), 'basic')).toBe(
      'forbidden',
    );
    expect(decideAccess(at('/incidents/42'), sessionFor('guest'), 'basic')).toBe('allow');
  });

  it('shows only the health views in standalone mode', () => {
    const standalone = sessionFor('viewer');
    expect(decideAccess(matchRoute('/health')!.route, standalone, 'none')).toBe('allow');
    expect(decideAccess(matchRoute('/view/health')!.route, standalone, 'none')).toBe('allow');
    expect(decideAccess(matchRoute('/topology')!.route, standalone, 'none')).toBe('not-found');
    expect(decideAccess(matchRoute('/catalog/abc')!.route, standalone, 'none')).toBe('not-found');
  });
});

describe('route matching', () => {
  it('prefers static segments over parameters', () => {
    expect(matchRoute('/catalog/changes')?.route.pattern).toBe('/catalog/changes');
    expect(matchRoute('/catalog/abc')?.route.pattern).toBe('/catalog/[id]');
    expect(matchRoute('/catalog/abc')?.params).toEqual({ id: 'abc' });
    expect(matchRoute('/catalog/scrapers/9')?.route.pattern).toBe('/catalog/scrapers/[id]');
    expect(matchRoute('/playbooks/runs')?.route.pattern).toBe('/playbooks/runs');
    expect(matchRoute('/settings/teams/7')?.route.pattern).toBe('/settings/teams/[id]');
    expect(matchRoute('/nowhere')).toBeNull();
  });

  it('builds the spec redirects', () => {
    const redirectOf = (path: string) => {
      const m = matchRoute(path)!;
      return buildPath(m.route.redirectTo!, m.params);
    };
    expect(redirectOf('/')).toBe('/topology');
    expect(redirectOf('/configs')).toBe('/catalog');
    expect(redirectOf('/config-db')).toBe('/catalog');
    expect(redirectOf('/config/abc/changes')).toBe('/catalog/abc/changes');
    expect(redirectOf('/settings/notifications/rules')).toBe('/notifications/rules');
    expect(redirectOf('/notifications/silence')).toBe('/notifications/silences/add');
  });
});

/** The spec's whole sidebar, planned screens included: the gating rules are checked on every entry. */
const SPEC_SIDEBAR = ROUTES.filter((r) => r.sidebar);

describe('sidebar', () => {
  it('leaves out the screens still to build by default, so that no entry leads to a 404', () => {
    const labels = sidebarEntriesFor(sessionFor('admin'), 'basic').main.map((e) => e.label);
    expect(labels).toEqual(['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']);
  });

  it('has a registry entry behind every sidebar item', () => {
    const patterns = new Set(ROUTES.map((r) => r.pattern));
    for (const r of SIDEBAR_ROUTES) expect(patterns.has(r.pattern)).toBe(true);
  });

  it('lists the main entries in spec order for an admin, and sorts settings by name', () => {
    const model = sidebarEntriesFor(sessionFor('admin'), 'basic', SPEC_SIDEBAR);
    expect(model.main.map((e) => e.label)).toEqual([
      'Dashboard',
      'Health',
      'Incidents',
      'Catalog',
      'Logs',
      'Playbooks',
    ]);
    const labels = model.settings.map((e) => e.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
    expect(labels).toEqual(
      expect.arrayContaining([
        'Connections',
        'Permissions',
        'Jobs History',
        'Feature Flags',
        'Log Backends',
        'Event Queue',
        'Agents',
        'Integrations',
        'Teams',
        'Rules',
        'Topology',
        'Health Check',
      ]),
    );
  });

  it('hides Settings from viewers and guests, and entries without read access from others', () => {
    expect(sidebarEntriesFor(sessionFor('viewer'), 'basic', SPEC_SIDEBAR).settings).toEqual([]);
    expect(sidebarEntriesFor(sessionFor('guest'), 'basic', SPEC_SIDEBAR).settings).toEqual([]);
    const editor = sidebarEntriesFor(sessionFor('editor'), 'basic', SPEC_SIDEBAR).settings.map(
      (e) => e.label,
    );
    expect(editor).not.toContain('Connections');
    expect(editor).not.toContain('Users');
    expect(editor).toContain('Permissions');
  });

  it('hides Settings → Status Page when the backend answered its capability probe with 404 (issue 38)', () => {
    const labels = (capabilities?: ReadonlySet<string>) =>
      sidebarEntriesFor(sessionFor('admin'), 'basic', SIDEBAR_ROUTES, capabilities).settings.map(
        (e) => e.label,
      );
    expect(labels(new Set(['status-page']))).toContain('Status Page');
    expect(labels(undefined)).toContain('Status Page');
    expect(labels(new Set())).not.toContain('Status Page');
    expect(labels(new Set())).toContain('Permissions');
  });

  it('does not treat an editor whose roles include an inherited viewer as a viewer', () => {
    const session = { ...sessionFor('editor'), roles: ['editor', 'viewer'] as Role[] };
    expect(sidebarEntriesFor(session, 'basic', SPEC_SIDEBAR).settings.length).toBeGreaterThan(0);
  });

  it('hides every entry whose feature is disabled, including inherited parents', () => {
    const off = (f: string) => ({ [`${f}.disable`]: 'true' });
    const labels = (features: Record<string, string>) => {
      const m = sidebarEntriesFor(sessionFor('admin', features), 'basic', SPEC_SIDEBAR);
      return [...m.main, ...m.settings].map((e) => e.label);
    };
    expect(labels(off('topology'))).not.toContain('Dashboard');
    expect(labels(off('topology'))).not.toContain('Topology');
    expect(labels(off('health'))).not.toEqual(expect.arrayContaining(['Health']));
    expect(labels(off('health'))).not.toContain('Health Check');
    expect(labels(off('health'))).not.toContain('Jobs History');
    expect(labels(off('logs'))).not.toContain('Logs');
    expect(labels(off('logs'))).not.toContain('Log Backends');
    expect(labels(off('incidents'))).not.toContain('Incidents');
    expect(labels(off('incidents'))).not.toContain('Rules');
    expect(labels(off('config'))).not.toContain('Catalog');
    expect(labels(off('playbooks'))).not.toContain('Playbooks');
    expect(labels(off('agents'))).not.toContain('Agents');
    expect(labels({ 'health.disable': 'false' })).toContain('Health');
  });

  it("makes a disabled feature's routes not found, except the chrome-less views", () => {
    const session = sessionFor('admin', { 'health.disable': 'true', 'topology.disable': 'true' });
    expect(decideAccess(matchRoute('/health')!.route, session, 'basic')).toBe('not-found');
    expect(decideAccess(matchRoute('/view/health')!.route, session, 'basic')).toBe('allow');
    expect(decideAccess(matchRoute('/view/topology/1')!.route, session, 'basic')).toBe('allow');
  });

  it('shows only Health in standalone mode and no Users entry in Clerk mode', () => {
    const m = sidebarEntriesFor(sessionFor('viewer'), 'none', SPEC_SIDEBAR);
    expect(m.main.map((e) => e.label)).toEqual(['Health']);
    const clerk = sidebarEntriesFor(sessionFor('admin'), 'clerk', SPEC_SIDEBAR).settings.map((e) => e.label);
    expect(clerk).not.toContain('Users');
    expect(
      sidebarEntriesFor(sessionFor('admin'), 'kratos', SPEC_SIDEBAR).settings.map((e) => e.label),
    ).toContain('Users');
    // The page itself exists in Clerk mode: it links to the organization's settings (issue 20).
    expect(decideAccess(matchRoute('/settings/users')!.route, sessionFor('admin'), 'clerk')).toBe('allow');
    expect(decideAccess(matchRoute('/settings/users')!.route, sessionFor('editor'), 'clerk')).toBe(
      'forbidden',
    );
  });
});
