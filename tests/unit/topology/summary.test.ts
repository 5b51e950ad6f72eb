import { failingComponents, summaryLinks } from '@/lib/topology/summary';

describe('summaryLinks', () => {
  it('links health counts to the children with that status', () => {
    const links = summaryLinks('c 1', { healthy: 3, unhealthy: 0, warning: 1, info: 2 });
    expect(links.map((l) => [l.kind, l.count, l.href])).toEqual([
      ['healthy', 3, '/topology/c%201?status=healthy'],
      ['warning', 1, '/topology/c%201?status=warning'],
      ['unknown', 2, '/topology/c%201?status=unknown'],
    ]);
  });

  it('sums incidents and insights per type and links to their filtered lists', () => {
    const links = summaryLinks('c1', {
      incidents: { availability: { high: 2, low: 1 } },
      insights: { security: { critical: 1 }, cost: {} },
    });
    expect(links).toEqual([
      {
        kind: 'incidents',
        key: 'availability',
        count: 3,
        href: '/incidents?component=c1&type=availability',
        label: '3 incidents (availability)',
      },
      {
        kind: 'insights',
        key: 'security',
        count: 1,
        href: '/catalog/insights?component=c1&type=security',
        label: '1 insight (security)',
      },
    ]);
  });

  it('links checks to the component page with the checks section open', () => {
    const links = summaryLinks('c1', { checks: { healthy: 4, unhealthy: 1 } });
    expect(links.map((l) => [l.label, l.href])).toEqual([
      ['4 checks healthy', '/topology/c1?sections=checks'],
      ['1 check unhealthy', '/topology/c1?sections=checks'],
    ]);
  });

  it('is empty without a summary', () => {
    expect(summaryLinks('c1', null)).toEqual([]);
    expect(summaryLinks('c1', {})).toEqual([]);
  });
});

describe('failingComponents', () => {
  it('names the unhealthy children by title, counted by the summary, else the component itself when unhealthy', () => {
    const child = (name: string, status: string, title?: string) => ({ id: name, name, status, title });
    expect(
      failingComponents({
        id: 'p',
        name: 'parent',
        status: 'unhealthy',
        components: [child('a', 'healthy'), child('b', 'unhealthy', 'Bee'), child('c', 'unhealthy')],
      }),
    ).toEqual({ names: ['Bee', 'c'], count: 2 });
    // The tree did not carry the children: the summary's count.
    expect(
      failingComponents({ id: 'p', name: 'parent', status: 'unhealthy', summary: { unhealthy: 4 } }),
    ).toEqual({
      names: [],
      count: 4,
    });
    expect(failingComponents({ id: 'p', name: 'parent', status: 'unhealthy', components: [] })).toEqual({
      names: ['parent'],
      count: 1,
    });
    expect(failingComponents({ id: 'p', name: 'parent', status: 'warning' })).toEqual({
      names: [],
      count: 0,
    });
  });
});
