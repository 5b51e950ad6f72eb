import { decideAccess, offersRoute } from '@/lib/auth/access';
import { backendAllowances } from '@/lib/auth/backend-access';
import { backendAllows } from '@/lib/auth/grants';
import { computeGrants, type Role, type WhoamiPermission } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { matchRoute } from '@/lib/routes';
import { sidebarEntriesFor } from '@/lib/shell/sidebar-entries';

/** Issue 37: the console offers no route, entry or link the backend would refuse. */

function session(roles: Role[], permissions: WhoamiPermission[] = [], effective?: Record<string, string[]>) {
  const value: ConsoleSession = {
    mode: 'basic',
    user: { id: 'u', name: 'u' },
    roles,
    grants: {
      ...computeGrants(roles, permissions),
      backend: backendAllowances(roles, permissions, effective),
    },
    features: {},
    refreshedAt: 0,
  };
  return value;
}
const open = (s: ConsoleSession, path: string) =>
  offersRoute(matchRoute(path)!.route, s, 'basic') ? 'allow' : 'closed';

describe('what the backend allows, from whoami', () => {
  it("takes the backend's own effective_permissions when it sends them", () => {
    const grants = {
      read: [],
      write: [],
      backend: backendAllowances(['viewer'], [], { incident: ['read'], logs: ['*'] }),
    };
    expect(backendAllows(grants, 'incident', 'read')).toBe(true);
    expect(backendAllows(grants, 'incident', 'update')).toBe(false);
    expect(backendAllows(grants, 'logs', 'delete')).toBe(true);
    // Not in the answer: refused, even what the default policies would let a viewer read.
    expect(backendAllows(grants, 'catalog', 'read')).toBe(false);
  });

  it('falls back to the default role policies with the unconditional rows of whoami permissions', () => {
    const viewer = { read: [], write: [], backend: backendAllowances(['viewer'], []) };
    expect(backendAllows(viewer, 'catalog', 'read')).toBe(true);
    expect(backendAllows(viewer, 'incident', 'read')).toBe(false);
    expect(backendAllows(viewer, 'logs', 'read')).toBe(false);
    // A guest reads what a viewer reads (the backend's rule for reads), nothing more.
    const guest = { read: [], write: [], backend: backendAllowances(['guest'], []) };
    expect(backendAllows(guest, 'topology', 'read')).toBe(true);
    expect(backendAllows(guest, 'topology', 'update')).toBe(false);
    const granted = backendAllowances(
      ['viewer'],
      [
        { id: 'p1', subject: 'u', object: 'incident', action: 'read' },
        { id: 'p3', subject: 'u', object: 'logs', action: 'read', condition: 'r.obj.component.name == "x"' },
      ],
    );
    expect(granted.incident).toBe('r');
    // A deny row takes away what the roles give (reads a viewer could make pass anyway, as at the backend).
    const denied = backendAllowances(
      ['editor'],
      [{ id: 'p2', subject: 'u', object: 'canaries', action: 'update', deny: true }],
    );
    expect(denied.canaries).toBe('crd');
    // A row with a condition grants per resource: only the backend can decide it.
    expect(granted.logs).toBeUndefined();
  });

  it('allows everything an admin does, and tells nothing when it is unknown', () => {
    const admin = backendAllowances(['admin'], []);
    expect(admin.incident).toBe('crud');
    expect(admin['database.monitor']).toBe('crud');
    expect(backendAllows({ read: [], write: [] }, 'incident', 'delete')).toBe(true);
  });
});

describe('routes the backend refuses are not offered', () => {
  it('leaves the gate to the role table: a screen the backend refuses opens and shows that refusal itself', () => {
    // The server HTML of the screen then holds its Unauthorized state (prefetch failures), never a blank page.
    expect(decideAccess(matchRoute('/incidents')!.route, session(['viewer']), 'basic')).toBe('allow');
    expect(decideAccess(matchRoute('/settings/connections')!.route, session(['editor']), 'basic')).toBe(
      'forbidden',
    );
  });

  it('closes the incidents to viewers, guests and editors, and opens them to who may read them', () => {
    for (const role of ['viewer', 'guest', 'editor'] as const) {
      expect(open(session([role]), '/incidents')).toBe('closed');
      expect(open(session([role]), '/incidents/42')).toBe('closed');
    }
    for (const role of ['commander', 'responder', 'admin'] as const) {
      expect(open(session([role]), '/incidents')).toBe('allow');
    }
    // A viewer the backend lets read incidents (a permission row, or the backend's own answer) may open them.
    expect(
      open(
        session(['viewer'], [{ id: 'p', subject: 'u', object: 'incident', action: 'read' }]),
        '/incidents',
      ),
    ).toBe('allow');
    expect(open(session(['viewer'], [], { incident: ['read'] }), '/incidents')).toBe('allow');
  });

  it('keeps logs and the monitoring screens for admins', () => {
    for (const path of [
      '/logs',
      '/settings/jobs',
      '/settings/agents',
      '/settings/integrations',
      '/notifications',
    ]) {
      expect(open(session(['editor']), path)).toBe('closed');
      expect(open(session(['admin']), path)).toBe('allow');
    }
    expect(open(session(['editor']), '/notifications/silences')).toBe('allow');
    expect(open(session(['editor']), '/notifications/silences/add')).toBe('allow');
  });

  it('leaves the sidebar without entries that lead to a refusal', () => {
    const main = (roles: Role[]) => sidebarEntriesFor(session(roles), 'basic').main.map((e) => e.label);
    expect(main(['viewer'])).toEqual(['Dashboard', 'Health', 'Catalog', 'Playbooks']);
    expect(main(['commander'])).toEqual(['Dashboard', 'Health', 'Incidents', 'Catalog', 'Playbooks']);
    expect(main(['admin'])).toEqual(['Dashboard', 'Health', 'Incidents', 'Catalog', 'Logs', 'Playbooks']);
    const settings = sidebarEntriesFor(session(['editor']), 'basic').settings.map((e) => e.label);
    // Feature flags stay: their page reads GET /properties, which every signed-in person may.
    expect(settings).toEqual(expect.arrayContaining(['Teams', 'Topology', 'Health Check', 'Feature Flags']));
    for (const refused of ['Agents', 'Jobs History', 'Event Queue', 'Log Backends', 'Permissions', 'Rules']) {
      expect(settings).not.toContain(refused);
    }
  });
});
