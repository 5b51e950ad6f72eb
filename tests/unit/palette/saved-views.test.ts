import {
  addView,
  MAX_PINNED,
  onSavedViewsChange,
  parseSavedViews,
  pinnedViews,
  readSavedViews,
  removeView,
  renameView,
  savedViewsKey,
  togglePin,
  writeSavedViews,
  type SavedView,
} from '@/lib/palette/saved-views';
import { parseRecent, pushRecent, MAX_RECENT } from '@/lib/palette/recent';
import { canSaveViewOf, checkSearch, checkViewHref, viewHrefToSave } from '@/lib/palette/view-url';
import { ROUTES } from '@/lib/routes';
import { incidentsSearch } from '@/lib/incidents/search';

describe('saved views', () => {
  beforeEach(() => window.localStorage.clear());

  it('adds, renames, pins and deletes', () => {
    let views = addView([], { name: '  Unhealthy   checks ', href: '/health?status=unhealthy' }, 'a', 1);
    expect(views).toEqual([
      { id: 'a', name: 'Unhealthy checks', href: '/health?status=unhealthy', pinned: false, createdAt: 1 },
    ]);
    views = renameView(views, 'a', 'Red checks');
    expect(views[0]?.name).toBe('Red checks');
    expect(renameView(views, 'a', '   ')[0]?.name).toBe('Red checks');
    views = togglePin(views, 'a').views;
    expect(pinnedViews(views).map((v) => v.id)).toEqual(['a']);
    views = togglePin(views, 'a').views;
    expect(pinnedViews(views)).toEqual([]);
    expect(removeView(views, 'a')).toEqual([]);
  });

  it(`pins at most ${MAX_PINNED}`, () => {
    let views: SavedView[] = [];
    for (let i = 0; i <= MAX_PINNED; i++)
      views = addView(views, { name: `v${i}`, href: '/health' }, `v${i}`, i);
    for (let i = 0; i < MAX_PINNED; i++) views = togglePin(views, `v${i}`).views;
    const refused = togglePin(views, `v${MAX_PINNED}`);
    expect(refused.full).toBe(true);
    expect(pinnedViews(refused.views)).toHaveLength(MAX_PINNED);
  });

  it('keeps each person their own list and tells listeners about writes', () => {
    const listener = jest.fn();
    const stop = onSavedViewsChange(listener);
    writeSavedViews('alice', addView([], { name: 'A', href: '/incidents' }, '1', 1));
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    expect(readSavedViews('alice').map((v) => v.name)).toEqual(['A']);
    expect(readSavedViews('bob')).toEqual([]);
    expect(window.localStorage.getItem(savedViewsKey('alice'))).toContain('/incidents');
  });

  it('skips what it cannot read: bad JSON, other shapes, addresses off the console', () => {
    expect(parseSavedViews('{not json')).toEqual([]);
    expect(parseSavedViews('{"a":1}')).toEqual([]);
    const raw = JSON.stringify([
      { id: '1', name: 'ok', href: '/health', pinned: true, createdAt: 1 },
      { id: '2', name: 'elsewhere', href: 'https://evil.example/', pinned: false },
      { id: '3', name: 'protocol-relative', href: '//evil.example/', pinned: false },
      { id: '4', href: '/health', pinned: false },
    ]);
    expect(parseSavedViews(raw).map((v) => v.id)).toEqual(['1']);
  });
});

describe('recent entries', () => {
  it('puts the newest first without duplicates, at most MAX_RECENT', () => {
    let list = [] as ReturnType<typeof pushRecent>;
    for (let i = 0; i < MAX_RECENT + 2; i++)
      list = pushRecent(list, { href: `/x${i}`, title: `${i}`, kind: 'Page' });
    list = pushRecent(list, { href: '/x5', title: '5 again', kind: 'Page' });
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0]?.title).toBe('5 again');
    expect(list.filter((e) => e.href === '/x5')).toHaveLength(1);
    expect(parseRecent(JSON.stringify([{ href: '//evil', title: 't', kind: 'k' }, ...list]))).toEqual(list);
  });
});

describe("a saved view's address", () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('keeps what the contract parses and names what it drops', () => {
    expect(checkSearch(incidentsSearch, '?status=closed&severity=nope&renamed=1&query=db')).toEqual({
      search: '?status=closed&query=db',
      dropped: ['severity=nope', 'renamed=1'],
    });
    expect(checkSearch(incidentsSearch, '')).toEqual({ search: '', dropped: [] });
  });

  it('checks a list screen by its own contract, and leaves other pages as they are', async () => {
    await expect(checkViewHref('/incidents?status=closed&colour=red')).resolves.toEqual({
      href: '/incidents?status=closed',
      dropped: ['colour=red'],
    });
    await expect(checkViewHref('/health?hidePassing=false&layout=card&status=unhealthy')).resolves.toEqual({
      href: '/health?hidePassing=false&layout=card',
      dropped: ['status=unhealthy'],
    });
    await expect(checkViewHref('/settings/agents/1?tab=spec')).resolves.toEqual({
      href: '/settings/agents/1?tab=spec',
      dropped: [],
    });
  });

  // Every list screen of the sidebar, and the notification tabs beside its entry.
  const LIST_SCREENS = [
    '/health',
    '/incidents',
    '/catalog',
    '/catalog/changes',
    '/catalog/insights',
    '/catalog/scrapers',
    '/playbooks',
    '/playbooks/runs',
    '/logs',
    '/topology',
    '/notifications',
    '/notifications/rules',
    '/notifications/silences',
    '/settings/users',
    '/settings/teams',
    '/settings/connections',
    '/settings/agents',
    '/settings/permissions',
    '/settings/feature-flags',
    '/settings/jobs',
    '/settings/event-queue-status',
    '/settings/canaries',
    '/settings/incident_rules',
    '/settings/log-backends',
    '/settings/integrations',
    '/settings/topologies',
    '/settings/status-page',
  ];

  it.each(LIST_SCREENS)('%s can be saved, and its contract loads', async (path) => {
    expect(ROUTES.some((r) => r.pattern === path)).toBe(true);
    expect(canSaveViewOf(path)).toBe(true);
    // An unknown parameter is dropped: the check ran against the screen's own contract.
    await expect(checkViewHref(`${path}?renamedSince=1`)).resolves.toEqual({
      href: path,
      dropped: ['renamedSince=1'],
    });
  });

  it('offers no save on pages that are not lists', () => {
    for (const path of [
      '/catalog/abc',
      '/settings/teams/abc',
      '/incidents/1',
      '/',
      '/toString',
      '/constructor',
    ])
      expect(canSaveViewOf(path)).toBe(false);
  });

  it("checks each settings list's sort and filters by its contract", async () => {
    await expect(
      checkViewHref('/settings/connections?query=pg&type=postgres&sortBy=name&sortDesc=true&sortBy2=x'),
    ).resolves.toEqual({
      href: '/settings/connections?query=pg&type=postgres&sortBy=name&sortDesc=true',
      dropped: ['sortBy2=x'],
    });
    await expect(checkViewHref('/settings/users?sortBy=email&sortDesc=true')).resolves.toEqual({
      href: '/settings/users?sortBy=email&sortDesc=true',
      dropped: [],
    });
    await expect(checkViewHref('/notifications/rules?sortBy=colour')).resolves.toEqual({
      href: '/notifications/rules',
      dropped: ['sortBy=colour'],
    });
    await expect(checkViewHref('/settings/teams?sortBy=name&sortDesc=false')).resolves.toEqual({
      href: '/settings/teams?sortBy=name&sortDesc=false',
      dropped: [],
    });
  });

  it('saves a view without the dialog or panel open over the list', () => {
    expect(viewHrefToSave('/settings/connections?sortBy=name&id=c1')).toBe(
      '/settings/connections?sortBy=name',
    );
    expect(viewHrefToSave('/notifications/rules?id=new&sortDesc=true')).toBe(
      '/notifications/rules?sortDesc=true',
    );
    expect(viewHrefToSave('/health?checkId=abc&timeRange=1h&hidePassing=false')).toBe(
      '/health?hidePassing=false',
    );
    expect(viewHrefToSave('/settings/permissions?permission=p1&sortBy=action')).toBe(
      '/settings/permissions?sortBy=action',
    );
    expect(viewHrefToSave('/settings/teams?add=true&type=team&sortBy=name')).toBe(
      '/settings/teams?sortBy=name',
    );
    expect(viewHrefToSave('/settings/jobs?jobId=j1')).toBe('/settings/jobs');
    // A filter that shares a dialog's name elsewhere stays: connections' `type` is a filter, not the Add editor's.
    expect(viewHrefToSave('/settings/connections?type=postgres')).toBe('/settings/connections?type=postgres');
    expect(viewHrefToSave('/incidents?status=closed')).toBe('/incidents?status=closed');
  });
});
