import { filterChecks, labelOptionsOf, tabsOf } from '@/lib/health/filters';
import { groupChecks } from '@/lib/health/grouping';
import { sortGroups } from '@/lib/health/sorting';
import {
  BOARD_PAGE_CHECKS,
  boardGroupsOf,
  boardRequestOf,
  boardViewOf,
  type HealthBoardRequest,
} from '@/lib/health/board';
import { healthBoardPage, parseBoardRequest } from '@/lib/health/board-page';
import { boardMetaOf, boardPath } from '@/lib/health/summary-endpoint';
import { ALL_TAB, healthSearch } from '@/lib/health/search';
import type { HealthCheck } from '@/lib/health/types';
import { check } from './fixtures';

const request = (patch: Partial<HealthBoardRequest> = {}): HealthBoardRequest => ({
  ...boardRequestOf(healthSearch.defaults),
  ...patch,
});

/** 60 checks in 6 canaries over 2 namespaces; every third fails, labels vary. */
function fleet(count = 60): HealthCheck[] {
  return Array.from({ length: count }, (_, i) =>
    check({
      id: `c${String(i).padStart(4, '0')}`,
      name: `check ${i}`,
      canary_name: `canary-${i % 6}`,
      namespace: i % 2 ? 'prod' : 'dev',
      status: i % 3 === 0 ? 'unhealthy' : 'healthy',
      labels: { team: `t${i % 4}`, ...(i % 5 === 0 ? { tier: 'gold' } : {}) },
      uptime: { passed: 10 - (i % 3), failed: i % 3 },
      latency: { p95: (i * 37) % 500 },
      last_transition_time: new Date(Date.UTC(2026, 11, 1, 0, i)).toISOString(),
    }),
  );
}

/** The board as the browser derives it from every check (components/health/use-health-view.ts). */
function derived(checks: HealthCheck[], r: HealthBoardRequest) {
  const tabs = tabsOf(checks, r.tabBy);
  const tab = tabs.includes(r.tab) ? r.tab : ALL_TAB;
  const visible = filterChecks(checks, { ...r, tab });
  return { tabs, visible, groups: sortGroups(groupChecks(visible, r.groupBy), r.sortBy, r.sortDesc) };
}

describe('the health board paged by the backend', () => {
  const checks = fleet();
  const cases: [string, Partial<HealthBoardRequest>][] = [
    ['the defaults (hide passing, tabs by namespace, grouped by canary)', {}],
    ['every check, by latency descending', { hidePassing: false, sortBy: 'latency', sortDesc: true }],
    [
      'a tab, a search and an included label',
      { hidePassing: false, tab: 'prod', query: 'check 1', labels: { 'team=t1': 1 } },
    ],
    [
      'an excluded label, no grouping, by health',
      { labels: { 'tier=gold': -1 }, groupBy: 'no-group', sortBy: 'health' },
    ],
    [
      'grouped by a label, tabs by a label',
      { hidePassing: false, groupBy: 'team', tabBy: 'tier', tab: 'gold' },
    ],
  ];

  it.each(cases)('answers what the derived board shows: %s', (_, patch) => {
    const r = request(patch);
    const expected = derived(checks, r);
    expect(expected.groups.length).toBeGreaterThan(1);
    const { meta, checks: page } = healthBoardPage(checks, r);
    const view = boardViewOf(meta, page, r.tab);
    expect(meta.pages).toBe(1);
    expect(view.groups).toEqual(expected.groups);
    expect(view.visible).toEqual(expected.groups.flatMap((g) => g.checks));
    expect(view.tabs).toEqual(expected.tabs);
    expect(view.labelOptions).toEqual(labelOptionsOf(checks));
    expect(meta.checks).toBe(expected.visible.length);
    expect(meta.failing).toBe(checks.filter((c) => c.status === 'unhealthy').length);
    expect(meta.failingShown).toBe(expected.visible.filter((c) => c.status === 'unhealthy').length);
  });

  it('counts each tab over the filtered checks, and shows no count for an empty tab, as the derived board', () => {
    const r = request({ query: 'check 1' });
    const { meta, checks: page } = healthBoardPage(checks, r);
    const untabbed = filterChecks(checks, { ...r, tab: ALL_TAB });
    const view = boardViewOf(meta, page, r.tab);
    expect(view.tabCounts.get(ALL_TAB)).toBe(untabbed.length);
    for (const [value, count] of view.tabCounts)
      if (value !== ALL_TAB) expect(count).toBe(untabbed.filter((c) => c.namespace === value).length);
    expect([...view.tabCounts.values()].every((count, i) => i === 0 || count > 0)).toBe(true);
  });

  it('pages whole groups up to a page of checks, cuts a group larger than a page, and clamps the page', () => {
    const many = fleet(BOARD_PAGE_CHECKS * 3).map((c, i) => ({
      ...c,
      canary_name: i < BOARD_PAGE_CHECKS + 10 ? 'huge' : `small-${i % 40}`,
    }));
    const r = request({ hidePassing: false });
    const first = healthBoardPage(many, r);
    const all = derived(many, r).groups;
    expect(first.meta.groups).toBe(all.length);
    // Every page holds at most a page of checks; together they hold every group once, in order.
    const keys: string[] = [];
    for (let page = 0; page < first.meta.pages; page++) {
      const { meta, checks: pageChecks } = healthBoardPage(many, { ...r, page });
      expect(pageChecks.length).toBeLessThanOrEqual(BOARD_PAGE_CHECKS);
      keys.push(...meta.pageGroups.map((g) => g.key));
      const huge = meta.pageGroups.find((g) => g.key === 'huge');
      if (huge) {
        expect(meta.pageGroups).toHaveLength(1);
        expect(huge).toMatchObject({ n: BOARD_PAGE_CHECKS, total: BOARD_PAGE_CHECKS + 10 });
      }
    }
    expect(keys).toEqual(all.map((g) => g.key));
    expect(healthBoardPage(many, { ...r, page: 999 }).meta.page).toBe(first.meta.pages - 1);
  });

  it('keeps each group’s aggregates over all its checks and hands the page’s checks to their groups', () => {
    const r = request({ hidePassing: false });
    const { meta, checks: page } = healthBoardPage(checks, r);
    const groups = boardGroupsOf(meta, page);
    expect(groups.map((g) => g.checks.length)).toEqual(meta.pageGroups.map((g) => g.n));
    expect(groups.every((g) => g.total === g.checks.length)).toBe(true);
  });

  it('reads the board from an answer, and nothing from an answer without one (a backend without the extension)', () => {
    const { meta } = healthBoardPage(checks, request());
    expect(boardMetaOf(JSON.parse(JSON.stringify({ checks_summary: [], board: meta })))).toEqual(meta);
    expect(boardMetaOf({ checks_summary: [] })).toBeUndefined();
    expect(boardMetaOf({ board: { page: 'x' } })).toBeUndefined();
  });

  it('asks with the request in one parameter, after any the summary path has', () => {
    expect(boardPath('/canary/api/summary', request())).toMatch(/^\/canary\/api\/summary\?board=%7B/);
    expect(boardPath('/summary?since=1h', request())).toMatch(/^\/summary\?since=1h&board=/);
    expect(
      parseBoardRequest(decodeURIComponent(boardPath('/s', request({ page: 2 })).split('board=')[1]!)),
    ).toEqual(request({ page: 2 }));
  });

  it.each([
    ['not JSON', '{', 'not JSON'],
    ['an array', '[]', 'expected an object'],
    ['a bad sort', JSON.stringify({ ...request(), sortBy: 'drop table' }), 'sortBy'],
    ['a bad label state', JSON.stringify({ ...request(), labels: { 'a=b': 2 } }), 'labels'],
    ['a negative page', JSON.stringify({ ...request(), page: -1 }), 'page'],
    ['an empty group', JSON.stringify({ ...request(), groupBy: '' }), 'groupBy'],
  ])('refuses %s', (_, raw, what) => {
    expect(() => parseBoardRequest(raw)).toThrow(what);
  });
});
