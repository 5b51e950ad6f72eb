import { hasTopologyFilters, sortProperty, splitLabelFilter, topologySearch } from '@/lib/topology/search';

const DEFAULTS = topologySearch.defaults;

describe('topology URL contract', () => {
  it('reads the defaults from an empty query', () => {
    expect(topologySearch.parse({})).toEqual(DEFAULTS);
    expect(topologySearch.parse(new URLSearchParams(''))).toMatchObject({
      sortBy: 'status',
      sortOrder: 'desc',
      sections: [],
    });
  });

  it('reads every filter from page searchParams and URLSearchParams alike', () => {
    const query =
      'status=unhealthy&type=Pod&team=SRE&labels=tier%3Ddata&agent=a1&sortBy=name&sortOrder=asc&sections=configs,checks';
    const expected = {
      status: 'unhealthy',
      type: 'Pod',
      team: 'SRE',
      labels: 'tier=data',
      agent: 'a1',
      sortBy: 'name',
      sortOrder: 'asc',
      sections: ['configs', 'checks'],
    };
    expect(topologySearch.parse(new URLSearchParams(query))).toEqual(expected);
    expect(topologySearch.parse(Object.fromEntries(new URLSearchParams(query)))).toEqual(expected);
  });

  it('takes the first of repeated values and ignores All, blanks and oversized values', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      topologySearch.parse({
        status: ['warning', 'healthy'],
        type: 'All',
        team: '  ',
        agent: 'x'.repeat(300),
      }),
    ).toEqual({ ...DEFAULTS, status: 'warning' });
    warn.mockRestore();
  });

  it('falls back for a bad sort order, an unknown sort key and a label without a key', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(topologySearch.parse({ sortOrder: 'sideways', sortBy: 'drop table', labels: '=x' })).toEqual(
      DEFAULTS,
    );
    expect(topologySearch.parse({ labels: 'novalue' }).labels).toBeNull();
    expect(topologySearch.parse({ labels: 'k=' }).labels).toBe('k=');
    warn.mockRestore();
  });

  it('accepts property sorts as field:<name>', () => {
    expect(topologySearch.parse({ sortBy: 'field:cpu' }).sortBy).toBe('field:cpu');
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(topologySearch.parse({ sortBy: 'field:' }).sortBy).toBe('status');
    expect(sortProperty('field:memory')).toBe('memory');
    expect(sortProperty('name')).toBeUndefined();
  });

  it('serializes without defaults and round-trips', () => {
    expect(topologySearch.search(DEFAULTS)).toBe('');
    const s = topologySearch.parse({
      status: 'warning',
      labels: 'team=a=b',
      sortBy: 'type',
      sortOrder: 'desc',
    });
    const query = topologySearch.search(s);
    expect(query).toBe('?status=warning&labels=team%3Da%3Db&sortBy=type');
    expect(topologySearch.parse(new URLSearchParams(query.slice(1)))).toEqual(s);
  });

  it('splits a label filter at the first =', () => {
    expect(splitLabelFilter('team=a=b')).toEqual({ key: 'team', value: 'a=b' });
    expect(splitLabelFilter(undefined)).toBeUndefined();
  });

  it('knows whether a filter is chosen', () => {
    expect(hasTopologyFilters(DEFAULTS)).toBe(false);
    expect(hasTopologyFilters({ ...DEFAULTS, agent: 'a' })).toBe(true);
  });
});
