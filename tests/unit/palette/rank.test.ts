import { limitPerGroup, matchScore, rankEntries } from '@/lib/palette/rank';

const titles = (list: { title: string }[]) => list.map((e) => e.title);

describe('palette ranking', () => {
  const entries = [
    { title: 'payments-api-gateway' },
    { title: 'gateway' },
    { title: 'api' },
    { title: 'internal api health' },
    { title: 'Gateway latency', keywords: ['Check'] },
    { title: 'Unrelated' },
  ];

  it('puts an exact name first, then names starting with the query, then word starts, then the middle of a word', () => {
    expect(titles(rankEntries('gateway', entries))).toEqual([
      'gateway',
      'Gateway latency',
      'payments-api-gateway',
    ]);
    expect(titles(rankEntries('api', entries))).toEqual([
      'api',
      'internal api health',
      'payments-api-gateway',
    ]);
  });

  it('is case-insensitive and needs every word somewhere in the title or keywords', () => {
    expect(titles(rankEntries('GATEWAY check', entries))).toEqual(['Gateway latency']);
    expect(rankEntries('gateway nothing', entries)).toEqual([]);
  });

  it('counts a keyword match below a title match', () => {
    const list = [
      { title: 'Settings', keywords: ['incidents'] },
      { title: 'Incidents', keywords: ['Main'] },
    ];
    expect(titles(rankEntries('incid', list))).toEqual(['Incidents', 'Settings']);
  });

  it('keeps the given order among equals, and shorter names first', () => {
    expect(titles(rankEntries('a', [{ title: 'alpha' }, { title: 'alps' }, { title: 'ab' }]))).toEqual([
      'ab',
      'alps',
      'alpha',
    ]);
    const same = [
      { title: 'x one', id: 1 },
      { title: 'x one', id: 2 },
    ];
    expect(rankEntries('x', same).map((e) => e.id)).toEqual([1, 2]);
  });

  it('matches everything for an empty query and leaves out what does not match', () => {
    expect(matchScore('  ', { title: 'any' })).toBeGreaterThan(0);
    expect(matchScore('zzz', { title: 'any' })).toBe(0);
    expect(rankEntries('', entries, 2)).toHaveLength(2);
  });

  it('ranks a phrase at the start of the name above the same words apart', () => {
    expect(titles(rankEntries('api gate', [{ title: 'gate of api' }, { title: 'api gateway' }]))).toEqual([
      'api gateway',
      'gate of api',
    ]);
  });
});

describe('limitPerGroup', () => {
  it('keeps at most n of each kind, in order, so a rarer kind of the same name still shows', () => {
    const configs = Array.from({ length: 30 }, (_, i) => ({ title: 'payments', kind: 'Config', i }));
    const list = rankEntries('payments', [...configs, { title: 'Payments', kind: 'Team', i: 99 }]);
    const kept = limitPerGroup(list, (e) => e.kind, 8).slice(0, 20);
    expect(kept.filter((e) => e.kind === 'Config').map((e) => e.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(kept.map((e) => e.kind)).toContain('Team');
  });
});
