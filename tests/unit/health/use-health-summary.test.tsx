import { act, renderHook, waitFor } from '@testing-library/react';
import { useAgentNames, useHealthSummary } from '@/components/health/use-health-summary';
import { configureApiFetch } from '@/lib/queries/api-fetch';
import { encodeHealthChecks } from '@/lib/queries/health-compact';
import { check } from './fixtures';

jest.mock('sonner', () => ({ toast: { error: jest.fn(), success: jest.fn(), loading: jest.fn(), dismiss: jest.fn() } }));

const PATH = '/canary/api/summary';
type FetchArgs = [string, RequestInit];
const fetchMock = jest.fn<Promise<Response>, FetchArgs>();

/** What fetch resolves with (jsdom has no Response): the parts apiFetch and the error mapping read. */
function answer(body: unknown, status = 200): Response {
  const text = JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, headers: new Headers(), text: async () => text, json: async () => JSON.parse(text) } as Response;
}

function summary(...ids: string[]): Response {
  return answer({ checks_summary: ids.map((id) => ({ id, name: `check ${id}`, status: 'healthy' })) });
}

/** A response that settles only when the test says so, and rejects like fetch when its request is aborted. */
function deferred() {
  let resolve!: (response: Response) => void;
  const start = (_url: string, init: RequestInit) =>
    new Promise<Response>((res, reject) => {
      resolve = res;
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { start, resolve: (response: Response) => resolve(response) };
}

beforeEach(() => {
  jest.useRealTimers();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  configureApiFetch({ authMode: 'basic', timeoutMs: 5_000, navigate: jest.fn() });
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
});

describe('useHealthSummary', () => {
  it('shows the server checks at once and does not fetch them again', () => {
    const initial = { checks: encodeHealthChecks([check({ id: 'a' }), check({ id: 'b' })]), fetchedAt: Date.now() };
    const { result } = renderHook(() => useHealthSummary(PATH, { initial, refetchIntervalMs: null }));
    expect(result.current.data?.map((c) => c.id)).toEqual(['a', 'b']);
    expect(result.current.isPending).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the summary itself when the server could not, through /api', async () => {
    fetchMock.mockResolvedValue(summary('x'));
    const { result } = renderHook(() => useHealthSummary(PATH, { initial: null, refetchIntervalMs: null }));
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data?.map((c) => c.id)).toEqual(['x']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api${PATH}`);
    expect(result.current.isFetching).toBe(false);
  });

  it('aborts the request in flight when a new one starts, and ignores the aborted one silently', async () => {
    const first = deferred();
    const second = deferred();
    fetchMock.mockImplementationOnce(first.start).mockImplementationOnce(second.start);
    const initial = { checks: encodeHealthChecks([check({ id: 'seed' })]), fetchedAt: Date.now() };
    const { result } = renderHook(() => useHealthSummary(PATH, { initial, refetchIntervalMs: null }));
    act(() => result.current.refetch());
    act(() => result.current.refetch());
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(true);
    await act(async () => {});
    // The cancelled request neither reports an error nor ends the newer request's loading state.
    expect(result.current.error).toBeNull();
    expect(result.current.isFetching).toBe(true);
    expect(result.current.data?.map((c) => c.id)).toEqual(['seed']);
    await act(async () => second.resolve(summary('new')));
    await waitFor(() => expect(result.current.data?.map((c) => c.id)).toEqual(['new']));
    expect(result.current.error).toBeNull();
  });

  it('keeps the last checks and reports a failed refresh; a 4xx is not retried', async () => {
    fetchMock.mockResolvedValue(answer({ error: 'summary is down' }, 400));
    const initial = { checks: encodeHealthChecks([check({ id: 'kept' })]), fetchedAt: Date.now() };
    const { result } = renderHook(() => useHealthSummary(PATH, { initial, refetchIntervalMs: null }));
    act(() => result.current.refetch());
    await waitFor(() => expect(result.current.error?.message).toBe('summary is down'));
    expect(result.current.data?.map((c) => c.id)).toEqual(['kept']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx after 1 s and then succeeds', async () => {
    jest.useFakeTimers();
    fetchMock.mockResolvedValueOnce(answer({}, 503)).mockResolvedValueOnce(summary('back'));
    const { result } = renderHook(() => useHealthSummary(PATH, { initial: null, refetchIntervalMs: null }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.data?.map((c) => c.id)).toEqual(['back']);
    expect(result.current.error).toBeNull();
  });

  it('refetches on the auto-refresh interval and stops when it is turned off or the screen closes', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(async () => summary('tick'));
    const initial = { checks: encodeHealthChecks([check({ id: 'a' })]), fetchedAt: Date.now() };
    const { result, rerender, unmount } = renderHook(
      ({ ms }: { ms: number | null }) => useHealthSummary(PATH, { initial, refetchIntervalMs: ms }),
      { initialProps: { ms: 30_000 as number | null } },
    );
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(result.current.data?.map((c) => c.id)).toEqual(['tick']);
    rerender({ ms: null });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    rerender({ ms: 30_000 });
    unmount();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refreshes data older than 5 minutes when the window regains focus, fresh data not', async () => {
    fetchMock.mockImplementation(async () => summary('fresh'));
    const fresh = { checks: encodeHealthChecks([check({ id: 'a' })]), fetchedAt: Date.now() };
    const stale = { checks: encodeHealthChecks([check({ id: 'a' })]), fetchedAt: Date.now() - 301_000 };
    const { result: freshResult } = renderHook(() => useHealthSummary(PATH, { initial: fresh, refetchIntervalMs: null }));
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(freshResult.current.data?.map((c) => c.id)).toEqual(['a']);
    const { result } = renderHook(() => useHealthSummary(PATH, { initial: stale, refetchIntervalMs: null }));
    act(() => void window.dispatchEvent(new Event('focus')));
    await waitFor(() => expect(result.current.data?.map((c) => c.id)).toEqual(['fresh']));
  });

  it('takes a newer server render over what it loaded before', async () => {
    const older = { checks: encodeHealthChecks([check({ id: 'old' })]), fetchedAt: Date.now() - 10_000 };
    const newer = { checks: encodeHealthChecks([check({ id: 'newer' })]), fetchedAt: Date.now() };
    const { result, rerender } = renderHook(({ initial }) => useHealthSummary(PATH, { initial, refetchIntervalMs: null }), {
      initialProps: { initial: older },
    });
    expect(result.current.data?.map((c) => c.id)).toEqual(['old']);
    rerender({ initial: newer });
    expect(result.current.data?.map((c) => c.id)).toEqual(['newer']);
  });
});

describe('useAgentNames', () => {
  it('looks up the named agents (not the local nil agent) only when enabled', async () => {
    fetchMock.mockResolvedValue(answer([{ id: 'a1', name: 'cluster-a' }, { id: 'a2', name: '' }]));
    const { result, rerender } = renderHook(({ enabled }) => useAgentNames(['a2', '00000000-0000-0000-0000-000000000000', 'a1'], enabled), {
      initialProps: { enabled: false },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current?.get('a1')).toBe('cluster-a'));
    expect(result.current?.get('a2')).toBe('a2');
    expect(decodeURIComponent(fetchMock.mock.calls[0]?.[0] ?? '')).toContain('id=in.(a1,a2)');
  });
});
