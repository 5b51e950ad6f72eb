import { decideAccess } from '@/lib/auth/access';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { paletteActions, silenceTargetOf } from '@/lib/palette/actions';
import { firstSettingsPage, goTarget, palettePages } from '@/lib/palette/pages';
import { matchRoute } from '@/lib/routes';
import { clientSession } from '@/tests/helpers/client-session';

const context = { canSaveView: true, hasSavedViews: true };
const actionIds = (role: Role) => paletteActions(clientSession(role), context).map((a) => a.id);

describe('palette pages', () => {
  it.each(ROLES)('lists only pages the gate lets a %s open', (role) => {
    const session = clientSession(role);
    const pages = palettePages(session, 'basic');
    expect(pages.length).toBeGreaterThan(3);
    for (const page of pages) {
      const match = matchRoute(page.href);
      expect(match).not.toBeNull();
      expect(decideAccess(match!.route, { ...session, refreshedAt: 0 }, 'basic')).toBe('allow');
      expect(page.href).not.toContain('[');
    }
  });

  it('keeps admin pages from a viewer', () => {
    const viewer = palettePages(clientSession('viewer'), 'basic').map((p) => p.href);
    const admin = palettePages(clientSession('admin'), 'basic').map((p) => p.href);
    for (const href of ['/settings/connections', '/settings/users', '/settings/permissions']) {
      expect(admin).toContain(href);
      expect(viewer).not.toContain(href);
    }
    expect(viewer).not.toContain('/notifications/silences/add');
    expect(viewer).toEqual(expect.arrayContaining(['/health', '/catalog']));
  });

  it('offers no page the backend refuses (issue 37): incidents to those it lets read them, logs to admins', () => {
    const pages = (role: Role) => palettePages(clientSession(role), 'basic').map((p) => p.href);
    for (const role of ['viewer', 'guest', 'editor'] as const)
      expect(pages(role)).not.toContain('/incidents');
    for (const role of ['commander', 'responder', 'admin'] as const)
      expect(pages(role)).toContain('/incidents');
    for (const role of ['viewer', 'editor', 'commander'] as const) expect(pages(role)).not.toContain('/logs');
    expect(pages('admin')).toContain('/logs');
    // Send history and rules read monitoring tables (admin-only); silences are the notification object (editors).
    expect(pages('editor')).toEqual(expect.arrayContaining(['/notifications/silences']));
    expect(pages('editor')).not.toContain('/notifications');
    expect(pages('commander')).not.toContain('/notifications/silences');
  });

  it('sends g + letter to the first page of the section the person may open, or nowhere', () => {
    const go = (role: Role, key: Parameters<typeof goTarget>[0]) =>
      goTarget(key, palettePages(clientSession(role), 'basic'));
    expect(go('admin', 'n')).toBe('/notifications');
    expect(go('editor', 'n')).toBe('/notifications/silences');
    expect(go('commander', 'n')).toBeUndefined();
    expect(go('commander', 'i')).toBe('/incidents');
    expect(go('viewer', 'i')).toBeUndefined();
    expect(go('viewer', 's')).toBeUndefined();
    expect(go('editor', 's')).toMatch(/^\/settings\//);
  });

  it('leaves out pages whose feature is disabled, redirects and dead ends', () => {
    const pages = palettePages(
      clientSession('admin', { features: { 'incidents.disable': 'true' } }),
      'basic',
    );
    const hrefs = pages.map((p) => p.href);
    expect(hrefs).not.toContain('/incidents');
    expect(hrefs).not.toContain('/');
    expect(hrefs).not.toContain('/unauthorized');
    expect(hrefs).not.toContain('/login');
  });

  it('files settings pages under Settings and picks the first one for g s', () => {
    const pages = palettePages(clientSession('admin'), 'basic');
    expect(pages.find((p) => p.href === '/settings/connections')?.section).toBe('Settings');
    expect(pages.find((p) => p.href === '/health')?.section).toBe('Main');
    expect(firstSettingsPage(pages)?.section).toBe('Settings');
    expect(firstSettingsPage(palettePages(clientSession('viewer'), 'basic'))?.href).not.toBe(
      '/settings/connections',
    );
  });
});

describe('palette actions', () => {
  it('offers a viewer no write action', () => {
    const ids = actionIds('viewer');
    expect(ids).not.toContain('create-incident');
    expect(ids).not.toContain('run-playbook');
    expect(ids).not.toContain('add-silence');
    expect(ids).toEqual(expect.arrayContaining(['toggle-theme', 'sign-out', 'save-view', 'manage-views']));
  });

  it('offers each write to the roles the screens offer it to', () => {
    expect(actionIds('admin')).toEqual(
      expect.arrayContaining(['create-incident', 'run-playbook', 'add-silence']),
    );
    // An editor may not write incidents (the backend refuses), but runs playbooks and adds silences.
    expect(actionIds('editor')).not.toContain('create-incident');
    expect(actionIds('editor')).toEqual(expect.arrayContaining(['run-playbook', 'add-silence']));
    expect(actionIds('responder')).toContain('create-incident');
    expect(actionIds('responder')).not.toContain('add-silence');
  });

  it('offers Switch organization only in hosted mode, and saved-view actions only where they apply', () => {
    expect(actionIds('admin')).not.toContain('switch-organization');
    const hosted = { ...clientSession('admin'), mode: 'clerk' as const };
    expect(paletteActions(hosted, context).map((a) => a.id)).toContain('switch-organization');
    const none = paletteActions(clientSession('admin'), { canSaveView: false, hasSavedViews: false });
    expect(none.map((a) => a.id)).not.toEqual(expect.arrayContaining(['save-view']));
    expect(none.map((a) => a.id)).not.toContain('manage-views');
  });

  it('hides Create incident when the incidents feature is disabled', () => {
    const session = clientSession('admin', { features: { 'incidents.disable': 'true' } });
    expect(paletteActions(session, context).map((a) => a.id)).not.toContain('create-incident');
  });

  it('offers Live updates where the header has its switch, named for what it will do', () => {
    const live = (on: boolean, mode: 'basic' | 'none' = 'basic') =>
      paletteActions({ ...clientSession('viewer'), mode }, { ...context, liveEnabled: on }).find(
        (a) => a.id === 'toggle-live',
      )?.title;
    expect(live(true)).toBe('Turn live updates off');
    expect(live(false)).toBe('Turn live updates on');
    expect(live(true, 'none')).toBeUndefined();
  });

  it('adds a silence for the check or component on screen, to the roles the silence page lets in', () => {
    const title = (role: Role, pathname: string, search = '') =>
      paletteActions(clientSession(role), {
        ...context,
        silenceTarget: silenceTargetOf(pathname, search),
      }).find((a) => a.id === 'add-silence')?.title;
    expect(title('editor', '/health', '?checkId=c1&timeRange=1h')).toBe('Add silence for this check');
    expect(title('admin', '/topology/k%201')).toBe('Add silence for this component');
    expect(title('admin', '/incidents')).toBe('Add silence');
    expect(title('viewer', '/health', '?checkId=c1')).toBeUndefined();
    expect(title('responder', '/topology/k1')).toBeUndefined();
  });
});

describe('silenceTargetOf', () => {
  it('reads the open check of /health and the component of /topology/{id}, else nothing', () => {
    expect(silenceTargetOf('/health', '?checkId=c1&timeRange=1h')).toEqual({ check_id: 'c1' });
    expect(silenceTargetOf('/health', '')).toBeNull();
    expect(silenceTargetOf('/topology/k%201', '')).toEqual({ component_id: 'k 1' });
    expect(silenceTargetOf('/topology', '')).toBeNull();
    expect(silenceTargetOf('/topology/k1/extra', '')).toBeNull();
    expect(silenceTargetOf('/catalog/x', '')).toBeNull();
  });
});
