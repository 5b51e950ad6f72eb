import { sortComponents, statusRank } from '@/lib/topology/sort';
import { component } from './fixtures';

const ids = (cs: { id: string }[]) => cs.map((c) => c.id);

describe('sortComponents', () => {
  const cs = [
    component('b', {
      status: 'healthy',
      type: 'Pod',
      updated_at: '2026-01-02T00:00:00Z',
      properties: [{ name: 'cpu', value: 300 }],
    }),
    component('a', {
      status: 'unhealthy',
      type: 'Service',
      updated_at: '2026-01-03T00:00:00Z',
      properties: [{ name: 'cpu', value: '100' }],
    }),
    component('c', { status: 'warning', type: 'Database', updated_at: null }),
    component('d', {
      status: 'unknown',
      type: 'Pod',
      updated_at: '2026-01-01T00:00:00Z',
      properties: [{ name: 'cpu', value: 200 }],
    }),
  ];

  it('sorts by status severity', () => {
    expect(ids(sortComponents(cs, 'status', 'desc'))).toEqual(['a', 'c', 'd', 'b']);
    expect(ids(sortComponents(cs, 'status', 'asc'))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('sorts by name and by type with a stable name tie-break', () => {
    expect(ids(sortComponents(cs, 'name', 'asc'))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(sortComponents(cs, 'type', 'asc'))).toEqual(['c', 'b', 'd', 'a']);
  });

  it('puts components without the key last in either direction', () => {
    expect(ids(sortComponents(cs, 'updated_at', 'desc'))).toEqual(['a', 'b', 'd', 'c']);
    expect(ids(sortComponents(cs, 'field:cpu', 'asc'))).toEqual(['a', 'd', 'b', 'c']);
    expect(ids(sortComponents(cs, 'field:cpu', 'desc'))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('does not mutate its input', () => {
    const before = ids(cs);
    sortComponents(cs, 'name', 'desc');
    expect(ids(cs)).toEqual(before);
  });

  it('ranks statuses worst highest', () => {
    expect(statusRank('unhealthy')).toBeGreaterThan(statusRank('warning'));
    expect(statusRank('warning')).toBeGreaterThan(statusRank('unknown'));
    expect(statusRank('unknown')).toBeGreaterThan(statusRank('healthy'));
    expect(statusRank(undefined)).toBe(statusRank('unknown'));
  });
});
