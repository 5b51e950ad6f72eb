import { QueryClient } from '@tanstack/react-query';
import { pageRequestedAt, startLiveConnection, type LiveConnection } from '@/lib/live/connection';
import type { LiveState } from '@/lib/live/machine';

/** A stand-in EventSource the test drives: open, send an event, fail. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown, lastEventId: string) {
    this.listeners.get('change')?.({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
}

const latest = () => FakeSource.all[FakeSource.all.length - 1] as FakeSource;
const setVisibility = (value: 'hidden' | 'visible') => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('the tab’s live connection', () => {
  let client: QueryClient;
  let states: LiveState['status'][];
  let connection: LiveConnection | undefined;
  let probeStatus: number;
  let batches: unknown[][];
  const start = (enabled = true, askedAt?: number) => {
    connection = startLiveConnection({
      pageRequestedAt: () => askedAt,
      queryClient: client,
      enabled,
      onChanges: (events) => batches.push([...events]),
      onState: (s) => states.push(s.status),
      createEventSource: (url) => new FakeSource(url) as unknown as EventSource,
      probe: async () => probeStatus,
    });
  };

  /** An attempt that never opened fails: the probe's answer is dispatched two microtasks later. */
  const failBeforeOpen = async () => {
    latest().onerror?.();
    await Promise.resolve();
    await Promise.resolve();
  };

  beforeEach(() => {
    jest.useFakeTimers();
    FakeSource.all = [];
    client = new QueryClient();
    states = [];
    probeStatus = 200;
    batches = [];
    setVisibility('visible');
  });
  afterEach(() => {
    connection?.stop();
    jest.useRealTimers();
  });

  it('opens one stream, goes live, and invalidates the keys of a burst once', async () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start();
    expect(FakeSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/events');
    latest().onopen?.();
    expect(states.at(-1)).toBe('live');
    latest().emit({ kind: 'comment', id: 'a', op: 'insert' }, 'b.1');
    latest().emit({ kind: 'incident', id: 'i', op: 'update' }, 'b.2');
    expect(invalidate).not.toHaveBeenCalled();
    jest.advanceTimersByTime(150);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['incidents'] });
    // The same batch names its rows once, for the lists to mark them.
    expect(batches).toEqual([
      [
        { kind: 'comment', id: 'a', op: 'insert' },
        { kind: 'incident', id: 'i', op: 'update' },
      ],
    ]);
  });

  it('reconnects after an error with backoff, resuming from the last event id', async () => {
    start();
    latest().onopen?.();
    latest().emit({ kind: 'job', id: 'j', op: 'insert' }, 'b.7');
    latest().onerror?.();
    expect(latest().closed).toBe(true);
    expect(states.at(-1)).toBe('reconnecting');
    expect(FakeSource.all).toHaveLength(1);
    jest.advanceTimersByTime(1000);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/events?last_event_id=b.7');
    latest().onopen?.();
    expect(states.at(-1)).toBe('live');
  });

  it('catches up by a refetch when the stream comes back with no event id to resume from', async () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start();
    latest().onopen?.();
    expect(invalidate).not.toHaveBeenCalled();
    // The backend went away before any event reached this tab (a restart): what changed meanwhile has no id.
    latest().onerror?.();
    jest.advanceTimersByTime(1000);
    expect(latest().url).toBe('/api/events');
    expect(invalidate).not.toHaveBeenCalled();
    latest().onopen?.();
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith();
    // Hidden and shown again without an id: the same.
    setVisibility('hidden');
    setVisibility('visible');
    latest().onopen?.();
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('asks the first stream for what changed since the page was asked for, and only the first', async () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start(true, 1_765_100_000_000);
    expect(latest().url).toBe('/api/events?since=1765100000000');
    // Not opened yet (the backend restarting as the page loaded): the next attempt asks the same.
    await failBeforeOpen();
    jest.advanceTimersByTime(1000);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/events?since=1765100000000');
    latest().onopen?.();
    // The backend replays or resets from that time: no refetch of everything here.
    expect(invalidate).not.toHaveBeenCalled();
    latest().onerror?.();
    jest.advanceTimersByTime(1000);
    expect(latest().url).toBe('/api/events');
  });

  it('leaves the catch-up to the backend when it resumes from an id, and never refetches on the first open', async () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start();
    latest().onopen?.();
    latest().emit({ kind: 'job', id: 'j', op: 'insert' }, 'b.4');
    jest.advanceTimersByTime(150);
    invalidate.mockClear();
    latest().onerror?.();
    jest.advanceTimersByTime(1000);
    expect(latest().url).toBe('/api/events?last_event_id=b.4');
    latest().onopen?.();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('falls back to polling when the backend answers 404, and after repeated failures', async () => {
    probeStatus = 404;
    start();
    await failBeforeOpen();
    expect(states.at(-1)).toBe('polling');
    // A backend without a stream is asked again only after minutes.
    jest.advanceTimersByTime(4 * 60_000);
    expect(FakeSource.all).toHaveLength(1);
    jest.advanceTimersByTime(60_000);
    expect(FakeSource.all).toHaveLength(2);
    connection?.stop();

    probeStatus = 502;
    FakeSource.all = [];
    start();
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt > 0) jest.advanceTimersByTime(4000);
      await failBeforeOpen();
    }
    expect(states.at(-1)).toBe('polling');
    // A stream that failed (a backend restarting) is tried again at the longest backoff step, not minutes later.
    const attempts = FakeSource.all.length;
    jest.advanceTimersByTime(29_000);
    expect(FakeSource.all.length).toBe(attempts);
    jest.advanceTimersByTime(1000);
    expect(FakeSource.all.length).toBe(attempts + 1);
    expect(states.at(-1)).toBe('connecting');
  });

  it('closes while the tab is hidden and resumes when it is shown', () => {
    start();
    latest().onopen?.();
    latest().emit({ kind: 'job', id: 'j', op: 'insert' }, 'b.3');
    setVisibility('hidden');
    expect(latest().closed).toBe(true);
    expect(states.at(-1)).toBe('hidden');
    setVisibility('visible');
    expect(latest().closed).toBe(false);
    expect(latest().url).toBe('/api/events?last_event_id=b.3');
  });

  it('holds no stream while switched off, and refetches what is shown when switched on', () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start(false);
    expect(FakeSource.all).toHaveLength(0);
    expect(states).toEqual(['off']);
    connection?.setEnabled(true);
    expect(FakeSource.all).toHaveLength(1);
    // Switched on with no id or page time to resume from: what is shown is refetched once the stream is open.
    latest().onopen?.();
    expect(invalidate).toHaveBeenCalledWith();
    connection?.setEnabled(false);
    expect(latest().closed).toBe(true);
    expect(states.at(-1)).toBe('off');
  });

  it('refetches everything on a reset event', () => {
    const invalidate = jest.spyOn(client, 'invalidateQueries');
    start();
    latest().onopen?.();
    latest().emit({ kind: '*', id: null, op: 'reset' }, 'b.9');
    jest.advanceTimersByTime(150);
    expect(invalidate).toHaveBeenCalledWith();
  });
});

describe('pageRequestedAt', () => {
  // jsdom has no navigation timing: the browser's entry is stood in for.
  const navigation = (serverTiming: { name: string; description: string }[]) =>
    Object.defineProperty(performance, 'getEntriesByType', {
      configurable: true,
      value: (type: string) => (type === 'navigation' ? [{ serverTiming }] : []),
    });
  afterEach(() => {
    delete (performance as { getEntriesByType?: unknown }).getEntriesByType;
  });

  it("reads the page's Server-Timing, less a margin for the backend's clock", () => {
    navigation([{ name: 'page-requested', description: '1765100000000' }]);
    expect(pageRequestedAt()).toBe(1_765_099_998_000);
  });

  it('is unknown without the metric, or with a value that is not a time', () => {
    navigation([]);
    expect(pageRequestedAt()).toBeUndefined();
    navigation([{ name: 'page-requested', description: 'soon' }]);
    expect(pageRequestedAt()).toBeUndefined();
    navigation([{ name: 'other', description: '1765100000000' }]);
    expect(pageRequestedAt()).toBeUndefined();
  });
});
