import {
  activeFilterCount,
  checkHref,
  healthSearch,
  healthViewSearch,
  type HealthParams,
} from '@/lib/health/search';

describe('health URL contract', () => {
  it('has the spec defaults: hidePassing true, tabBy namespace, groupBy canary_name; the wall display refreshes every 60s', () => {
    const params = healthSearch.parse({});
    expect(params).toEqual(healthSearch.defaults);
    expect(params.hidePassing).toBe(true);
    expect(params.tabBy).toBe('namespace');
    expect(params.groupBy).toBe('canary_name');
    expect(params.refresh).toBe('None');
    expect(healthViewSearch.parse({}).refresh).toBe('60s');
  });

  it('round-trips every parameter', () => {
    const state: HealthParams = {
      query: 'pay ments',
      groupBy: 'team',
      tabBy: 'agent_id',
      tab: 'prod',
      hidePassing: false,
      timeRange: '2d',
      labels: { 'env=prod': 1, 'team=a,b:c': -1 },
      layout: 'card',
      sortBy: 'latency',
      sortDesc: true,
      pivotBy: 'region',
      columns: ['!prod', 'qa'],
      refresh: '5m',
      checkId: 'abc',
      large: true,
      pageIndex: 3,
    };
    const search = new URLSearchParams(healthSearch.search(state));
    expect(healthSearch.parse(search)).toEqual(state);
    expect(search.get('labels')).toBe(JSON.stringify({ 'env=prod': 1, 'team=a,b:c': -1 }));
    expect(search.get('hidePassing')).toBe('false');
  });

  it('leaves defaults out of the URL', () => {
    expect(healthSearch.search({})).toBe('');
    expect(healthSearch.serialize({ hidePassing: true, groupBy: 'canary_name', tabBy: 'namespace' })).toEqual(
      {
        hidePassing: null,
        groupBy: null,
        tabBy: null,
      },
    );
    expect(healthViewSearch.serialize({ refresh: '60s' }).refresh).toBeNull();
    expect(healthSearch.serialize({ refresh: '60s' }).refresh).toBe('60s');
  });

  it('ignores (and logs) values that fail to parse, falling back to the defaults', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const params = healthSearch.parse({
      labels: '{not json',
      layout: 'grid',
      sortBy: 'nope',
      timeRange: '7x',
      refresh: '7s',
      hidePassing: 'maybe',
    });
    expect(params.labels).toEqual({});
    expect(params.layout).toBe('table');
    expect(params.sortBy).toBeNull();
    expect(params.timeRange).toBeNull();
    expect(params.refresh).toBe('None');
    expect(params.hidePassing).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('layout=grid'));
    warn.mockRestore();
  });

  it("reads Next searchParams objects, accepts 'agent' for tabBy and the earlier console's '1m' refresh", () => {
    const params = healthSearch.parse({ tabBy: 'agent', query: ['a', 'b'], unrelated: 'x', refresh: '1m' });
    expect(params.tabBy).toBe('agent_id');
    expect(params.query).toBe('a');
    expect(params.refresh).toBe('60s');
  });

  it('counts the active filters of the filter panel', () => {
    expect(activeFilterCount({ hidePassing: true, labels: {} })).toBe(1);
    expect(activeFilterCount({ hidePassing: false, labels: { 'a=b': 1, 'c=d': -1 } })).toBe(2);
  });

  it('links a check with timeRange=1h (spec 001 §2.1)', () => {
    expect(checkHref('c 1')).toBe('/health?checkId=c+1&timeRange=1h');
    // lib/health/href.ts writes it without the contract: the same address as the contract writes, for any range.
    for (const range of ['1h', '3d', '1mo'] as const) {
      expect(checkHref('c 1/ü', range)).toBe(
        `/health${healthSearch.search({ checkId: 'c 1/ü', timeRange: range })}`,
      );
    }
  });
});
