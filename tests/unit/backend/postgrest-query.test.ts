/** @jest-environment node */
import { cond, encodeQueryValue, pgrst, quoteTreeValue } from '@/lib/backend/postgrest-query';
import { checkDetailEndpoint, checkStatusesEndpoint, canaryEndpoint } from '@/lib/health/check-endpoints';
import { checkGraphEndpoint, healthSummaryEndpoint } from '@/lib/health/endpoints';
import { versionEndpoint } from '@/lib/backend/endpoints/version';
import { totalFromContentRange } from '@/lib/backend/endpoint';

describe('pgrst builder', () => {
  it('writes filters in call order with PostgREST syntax kept readable', () => {
    const q = pgrst('checks')
      .eq('id', 'abc')
      .select('*,canaries!checks_canary_id_fkey(id,name)')
      .order('name', 'asc');
    expect(q.toPath()).toBe(
      '/db/checks?id=eq.abc&select=*,canaries!checks_canary_id_fkey(id,name)&order=name.asc',
    );
  });

  it('supports every operator', () => {
    const q = pgrst('configs')
      .neq('a', 1)
      .gt('b', 2)
      .gte('c', 3)
      .lt('d', 4)
      .lte('e', 5)
      .like('f', '*x*')
      .ilike('g', '*Y*')
      .in('h', ['a', 'b c', 'd,e'])
      .is('deleted_at', null)
      .is('flag', true)
      .not('type', 'eq', '');
    expect(q.search).toBe(
      'a=neq.1&b=gt.2&c=gte.3&d=lt.4&e=lte.5&f=like.*x*&g=ilike.*Y*&h=in.(a,%22b%20c%22,%22d,e%22)&deleted_at=is.null&flag=is.true&type=not.eq.',
    );
  });

  it('builds or/and trees', () => {
    const q = pgrst('configs').or(cond.eq('a', 1), cond.and(cond.gt('b', 2), cond.ilike('name', '*q*')));
    expect(q.search).toBe('or=(a.eq.1,and(b.gt.2,name.ilike.*q*))');
    expect(
      pgrst('x').and(cond.gte('created_at', '2026-01-01T00:00:00Z'), cond.lte('created_at', 'B')).search,
    ).toBe('and=(created_at.gte.2026-01-01T00:00:00Z,created_at.lte.B)');
    expect(cond.or(cond.is('a', null), cond.in('b', [1, 2]))).toBe('or(a.is.null,b.in.(1,2))');
  });

  it('writes the .filter extension', () => {
    expect(pgrst('config_items').filter('status', ['Running'], ['SUCCESS']).search).toBe(
      'status.filter=Running,!SUCCESS',
    );
    expect(pgrst('config_items').filter('status', []).search).toBe('');
  });

  it('pages, limits and counts', () => {
    const q = pgrst('check_statuses').page(2, 50).count();
    expect(q.search).toBe('limit=50&offset=100');
    expect(q.headers).toEqual({ prefer: 'count=exact' });
    expect(pgrst('a').order('time', 'desc', 'nullslast').search).toBe('order=time.desc.nullslast');
  });

  it('encodes what would break the query string', () => {
    expect(encodeQueryValue('a&b=c#d+e f%')).toBe('a%26b%3Dc%23d%2Be%20f%25');
    expect(encodeQueryValue('*,():!.')).toBe('*,():!.');
    expect(quoteTreeValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(() => pgrst('checks?x=1')).toThrow();
    expect(() => pgrst('../x')).toThrow();
  });
});

describe('first-screen endpoints send the earlier console’s query strings', () => {
  it('check detail', () => {
    expect(checkDetailEndpoint('c1').path).toBe(
      '/db/checks?id=eq.c1&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))',
    );
  });
  it('check history', () => {
    const e = checkStatusesEndpoint({
      checkId: 'c1',
      since: '2026-11-22T10:00:00.000Z',
      status: 'failed',
      minDuration: 100,
      pageIndex: 1,
    });
    expect(e.path).toBe(
      '/db/check_statuses?check_id=eq.c1&time=gt.2026-11-22T10:00:00.000Z&order=time.desc&status=eq.0&duration=gte.100&limit=50&offset=50',
    );
    expect(e.headers).toEqual({ prefer: 'count=exact' });
  });
  it('canary, graph, summary, version', () => {
    expect(canaryEndpoint('k1').path).toBe('/db/canaries?id=eq.k1&select=id,source,spec,name,namespace');
    expect(checkGraphEndpoint({ checkId: 'c1', start: '2d' }).path).toBe(
      '/canary/api/graph?check=c1&count=300&start=2d',
    );
    expect(healthSummaryEndpoint().path).toBe('/canary/api/summary');
    expect(healthSummaryEndpoint('/custom/summary').path).toBe('/custom/summary');
    expect(versionEndpoint().path).toBe('/canary/about');
  });
});

describe('totalFromContentRange', () => {
  it.each([
    ['0-49/1234', 1234],
    ['*/0', 0],
    ['0-49/*', undefined],
    [null, undefined],
    ['garbage', undefined],
  ])('%s → %s', (header, total) => {
    expect(totalFromContentRange(header)).toBe(total);
  });
});
