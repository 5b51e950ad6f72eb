import {
  activeFilterCount,
  CONSOLE_DEFAULTS,
  healthQueryString,
  HEALTH_DEFAULTS,
  parseHealthParams,
  readHealthParams,
  serializeHealthParams,
  VIEW_DEFAULTS,
  type HealthParams,
} from '@/lib/search-params/health';

describe('health URL contract', () => {
  it('has the spec defaults: hidePassing true, tabBy namespace, groupBy canary_name', () => {
    const params = parseHealthParams({});
    expect(params).toEqual({ ...HEALTH_DEFAULTS, refresh: 'None' });
    expect(params.hidePassing).toBe(true);
    expect(params.tabBy).toBe('namespace');
    expect(params.groupBy).toBe('canary_name');
    expect(parseHealthParams({}, VIEW_DEFAULTS).refresh).toBe('1m');
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
      refresh: '5m',
      checkId: 'abc',
      large: true,
    };
    const search = new URLSearchParams(healthQueryString(state));
    expect(parseHealthParams(readHealthParams(search))).toEqual(state);
    expect(search.get('labels')).toBe(JSON.stringify({ 'env=prod': 1, 'team=a,b:c': -1 }));
    expect(search.get('hidePassing')).toBe('false');
  });

  it('leaves defaults out of the URL', () => {
    expect(healthQueryString({})).toBe('');
    expect(serializeHealthParams({ hidePassing: true, groupBy: 'canary_name', tabBy: 'namespace' })).toMatchObject({
      hidePassing: null,
      groupBy: null,
      tabBy: null,
    });
    expect(serializeHealthParams({ sortBy: null, sortDesc: true }).sortDesc).toBeNull();
    expect(serializeHealthParams({ refresh: '1m' }, VIEW_DEFAULTS).refresh).toBeNull();
    expect(serializeHealthParams({ refresh: '1m' }, CONSOLE_DEFAULTS).refresh).toBe('1m');
  });

  it('ignores (and logs) labels that fail to parse and falls back on invalid values', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const params = parseHealthParams({ labels: '{not json', layout: 'grid', sortBy: 'nope', timeRange: '7x', refresh: '7s' });
    expect(params.labels).toEqual({});
    expect(params.layout).toBe('table');
    expect(params.sortBy).toBeNull();
    expect(params.timeRange).toBeNull();
    expect(params.refresh).toBe('None');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('reads Next searchParams objects and accepts "agent" for tabBy', () => {
    const raw = readHealthParams({ tabBy: 'agent', query: ['a', 'b'], unrelated: 'x' });
    expect(raw).toEqual({ tabBy: 'agent', query: 'a' });
    expect(parseHealthParams(raw).tabBy).toBe('agent_id');
  });

  it('counts the active filters of the filter panel', () => {
    expect(activeFilterCount({ hidePassing: true, labels: {} })).toBe(1);
    expect(activeFilterCount({ hidePassing: false, labels: { 'a=b': 1, 'c=d': -1 } })).toBe(2);
  });
});
