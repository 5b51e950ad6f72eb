import {
  backendSortBy,
  DEFAULT_TOPOLOGY_SEARCH,
  hasTopologyFilters,
  parseTopologySearch,
  serializeTopologySearch,
  splitLabelFilter,
  sortProperty,
} from '@/lib/search-params/topology';

describe('topology URL contract', () => {
  it('reads the defaults from an empty query', () => {
    expect(parseTopologySearch({})).toEqual(DEFAULT_TOPOLOGY_SEARCH);
    expect(parseTopologySearch(new URLSearchParams(''))).toEqual({ sortBy: 'status', sortOrder: 'desc' });
  });

  it('reads every filter from page searchParams and URLSearchParams alike', () => {
    const query = 'status=unhealthy&type=Pod&team=SRE&labels=tier%3Ddata&agent=a1&sortBy=name&sortOrder=asc';
    const expected = { status: 'unhealthy', type: 'Pod', team: 'SRE', labels: 'tier=data', agent: 'a1', sortBy: 'name', sortOrder: 'asc' };
    expect(parseTopologySearch(new URLSearchParams(query))).toEqual(expected);
    expect(parseTopologySearch(Object.fromEntries(new URLSearchParams(query)))).toEqual(expected);
  });

  it('takes the first of repeated values and ignores All, blanks and oversized values', () => {
    expect(parseTopologySearch({ status: ['warning', 'healthy'], type: 'All', team: '  ', agent: 'x'.repeat(300) })).toEqual({
      status: 'warning',
      sortBy: 'status',
      sortOrder: 'desc',
    });
  });

  it('falls back for a bad sort order, an unknown sort key and a label without a key', () => {
    const s = parseTopologySearch({ sortOrder: 'sideways', sortBy: 'drop table', labels: '=x' });
    expect(s).toEqual(DEFAULT_TOPOLOGY_SEARCH);
    expect(parseTopologySearch({ labels: 'novalue' }).labels).toBeUndefined();
    expect(parseTopologySearch({ labels: 'k=' }).labels).toBe('k=');
  });

  it('accepts property sorts as field:<name>', () => {
    expect(parseTopologySearch({ sortBy: 'field:cpu' }).sortBy).toBe('field:cpu');
    expect(parseTopologySearch({ sortBy: 'field:' }).sortBy).toBe('status');
    expect(sortProperty('field:memory')).toBe('memory');
    expect(sortProperty('name')).toBeUndefined();
  });

  it('serializes without defaults and round-trips', () => {
    expect(serializeTopologySearch(DEFAULT_TOPOLOGY_SEARCH)).toBe('');
    const s = parseTopologySearch({ status: 'warning', labels: 'team=a=b', sortBy: 'type', sortOrder: 'desc' });
    const query = serializeTopologySearch(s);
    expect(query).toBe('?status=warning&labels=team%3Da%3Db&sortBy=type');
    expect(parseTopologySearch(new URLSearchParams(query.slice(1)))).toEqual(s);
  });

  it('splits a label filter at the first =', () => {
    expect(splitLabelFilter('team=a=b')).toEqual({ key: 'team', value: 'a=b' });
    expect(splitLabelFilter(undefined)).toBeUndefined();
  });

  it('forwards to the backend only the sort keys it understands', () => {
    expect(backendSortBy('status')).toBe('status');
    expect(backendSortBy('name')).toBe('name');
    expect(backendSortBy('field:cpu')).toBe('field:cpu');
    expect(backendSortBy('type')).toBeUndefined();
    expect(backendSortBy('updated_at')).toBeUndefined();
  });

  it('knows whether a filter is chosen', () => {
    expect(hasTopologyFilters(DEFAULT_TOPOLOGY_SEARCH)).toBe(false);
    expect(hasTopologyFilters({ ...DEFAULT_TOPOLOGY_SEARCH, agent: 'a' })).toBe(true);
  });
});
