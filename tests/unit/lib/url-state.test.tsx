import { act, renderHook } from '@testing-library/react';
import { routerCalls } from '../../helpers/next-navigation';
import { applyPatch, defineSearchParams, param } from '@/lib/search-params/define';
import { pageParams, sortOrderParams, sortParams, sortingOf } from '@/lib/search-params/table';
import { useUrlState } from '@/lib/search-params/use-url-state';

jest.mock('next/navigation', () => jest.requireActual('../../helpers/next-navigation').nextNavigationMock);

const contract = defineSearchParams({
  query: param.string(),
  status: param.optionalString().serverRendered().resettingPage(),
  limit: param.integer(10, { min: 1, max: 100 }),
  layout: param.oneOf(['table', 'card'] as const, 'table'),
  open: param.list(),
  ...sortOrderParams(['name', 'age'] as const, { by: 'name' }),
  ...pageParams(),
});

describe('defineSearchParams', () => {
  it('parses with defaults, and serializes leaving defaults out of the URL', () => {
    expect(contract.parse({})).toEqual({
      query: '',
      status: null,
      limit: 10,
      layout: 'table',
      open: [],
      sortBy: 'name',
      sortOrder: 'asc',
      pageIndex: 0,
      pageSize: null,
    });
    const state = {
      ...contract.defaults,
      query: 'a b',
      limit: 25,
      open: ['x', 'y'],
      sortOrder: 'desc' as const,
      pageIndex: 2,
      pageSize: 100,
    };
    const search = contract.search(state);
    expect(search).toBe('?query=a+b&limit=25&open=x%2Cy&sortOrder=desc&pageIndex=2&pageSize=100');
    expect(contract.parse(new URLSearchParams(search))).toEqual(state);
    expect(contract.serialize({ layout: 'table', limit: 11 })).toEqual({ layout: null, limit: '11' });
  });

  it('falls back to the default for malformed or unknown values and logs each only once', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const raw = { limit: '500', layout: 'grid', pageIndex: '-1', pageSize: '7', sortBy: 'drop' };
    expect(contract.parse(raw)).toEqual(contract.defaults);
    contract.parse(raw);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('layout=grid'));
    warn.mockRestore();
  });

  it('returns to the first page when a filter or the sort changes, unless the page is set too', () => {
    const at = { ...contract.defaults, pageIndex: 3 };
    expect(applyPatch(contract, at, { status: 'x' }).values.pageIndex).toBe(0);
    expect(applyPatch(contract, at, { sortOrder: 'desc' }).values.pageIndex).toBe(0);
    expect(applyPatch(contract, at, { query: 'x' }).values.pageIndex).toBe(3);
    expect(applyPatch(contract, at, { status: 'x', pageIndex: 5 }).values.pageIndex).toBe(5);
    expect(applyPatch(contract, at, { layout: 'table' }).changed).toEqual([]);
  });

  it('gives another variant its own defaults', () => {
    const wide = contract.withDefaults({ layout: 'card' });
    expect(wide.parse({}).layout).toBe('card');
    expect(wide.serialize({ layout: 'card' }).layout).toBeNull();
    expect(wide.serialize({ layout: 'table' }).layout).toBe('table');
  });

  it('offers the sort in both URL forms as a TanStack sorting state', () => {
    const desc = defineSearchParams(sortParams(['name'] as const));
    expect(sortingOf(desc.parse({ sortBy: 'name', sortDesc: 'true' }))).toEqual([{ id: 'name', desc: true }]);
    expect(sortingOf(contract.parse({ sortBy: 'age', sortOrder: 'desc' }))).toEqual([
      { id: 'age', desc: true },
    ]);
    expect(sortingOf(desc.parse({}))).toEqual([]);
  });
});

describe('useUrlState', () => {
  beforeEach(() => {
    routerCalls.length = 0;
    window.history.replaceState(null, '', '/list?query=api&other=kept#top');
  });

  it('reads the URL and writes only changed keys (history API), keeping other parameters and the hash; a discrete change is a Back step', () => {
    const { result } = renderHook(() => useUrlState(contract));
    expect(result.current[0].query).toBe('api');
    const length = window.history.length;
    act(() => result.current[1]({ query: 'db 1', layout: 'card' }, { history: 'replace' }));
    const url = new URL(window.location.href);
    expect(url.searchParams.get('query')).toBe('db 1');
    expect(url.searchParams.get('layout')).toBe('card');
    expect(url.searchParams.get('other')).toBe('kept');
    expect(url.hash).toBe('#top');
    expect(window.history.length).toBe(length);
    expect(result.current[0].layout).toBe('card');
    act(() => result.current[1]({ layout: 'table' }));
    expect(window.history.length).toBe(length + 1);
    expect(new URL(window.location.href).searchParams.has('layout')).toBe(false);
    expect(routerCalls).toEqual([]);
  });

  it('sends a change of a server-rendered parameter through the router', () => {
    const { result } = renderHook(() => useUrlState(contract));
    act(() => result.current[1]({ status: 'failed' }));
    expect(routerCalls).toEqual([{ method: 'push', url: '/list?query=api&other=kept&status=failed#top' }]);
  });

  it('composes two changes in one event and builds links to a changed state', () => {
    const { result } = renderHook(() => useUrlState(contract));
    act(() => {
      result.current[1]({ query: 'a' });
      result.current[1]({ layout: 'card' });
    });
    expect(new URL(window.location.href).searchParams.get('query')).toBe('a');
    expect(new URL(window.location.href).searchParams.get('layout')).toBe('card');
    expect(result.current[2].href({ pageIndex: 4 })).toBe('?query=a&other=kept&layout=card&pageIndex=4');
  });

  it('builds a change on one still in flight: a second click on a toggle before the router commits toggles back', () => {
    // Next's router changes the address only when the navigation commits; until then the address bar is stale.
    const router = (
      jest.requireMock('next/navigation') as { useRouter: () => { push: (url: string) => void } }
    ).useRouter();
    const push = router.push;
    router.push = (url: string) => void routerCalls.push({ method: 'push', url });
    try {
      const { result } = renderHook(() => useUrlState(contract));
      act(() => {
        result.current[1]({ status: 'failed' });
        result.current[1]((latest) => ({ status: latest.status === 'failed' ? 'resolved' : 'failed' }));
      });
      // The second write saw the first's status although the address bar never showed it.
      expect(routerCalls.map((call) => call.url)).toEqual([
        '/list?query=api&other=kept&status=failed#top',
        '/list?query=api&other=kept&status=resolved#top',
      ]);
    } finally {
      router.push = push;
    }
  });
  it('builds a browser-only change on the last one although the router wrote an older address back meanwhile', () => {
    const { result } = renderHook(() => useUrlState(contract));
    act(() => {
      result.current[1]({ layout: 'card' });
      // Before the page shows it, Next commits the state of an earlier change and writes that address to the bar.
      window.history.replaceState(null, '', '/list?query=api&other=kept#top');
    });
    act(() => result.current[1]({ limit: 25 }));
    const url = new URL(window.location.href);
    expect(url.searchParams.get('layout')).toBe('card');
    expect(url.searchParams.get('limit')).toBe('25');
  });

  it('builds on the address bar again once the page showed the last change, or after Back', () => {
    const { result } = renderHook(() => useUrlState(contract));
    act(() => result.current[1]({ layout: 'card' }));
    act(() => {
      window.history.pushState(null, '', '/list?query=elsewhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    act(() => result.current[1]({ limit: 25 }));
    const url = new URL(window.location.href);
    expect(url.searchParams.get('query')).toBe('elsewhere');
    expect(url.searchParams.has('layout')).toBe(false);
    expect(url.searchParams.get('limit')).toBe('25');
  });
});
