import type { QueryClient } from '@tanstack/react-query';
import { PAGE_REQUESTED_TIMING } from '@/lib/constants';
import { backoffMs, RETRY_LIVE_MS } from '@/lib/live/backoff';
import { keysForEvents, type LiveEvent } from '@/lib/live/invalidation';
import { INITIAL_STATE, reduceLive, wantsStream, type LiveInput, type LiveState } from '@/lib/live/machine';

/**
 * The one change stream of a browser tab (issue 32): an EventSource on /api/events whose events invalidate the
 * cached queries of what changed, reconnecting with backoff and jitter, closed while the tab is hidden and resumed
 * from the last event id when shown, and given up for the screens' own polling when the backend has no stream.
 * Loaded after the page (components/live/live-indicator.tsx), so none of it counts in the first load.
 */

export const EVENTS_URL = '/api/events';

/** Events arriving within this window invalidate together (a burst refetches each screen once). */
const BATCH_MS = 100;

/** The backend's clock may run behind the console's: a first stream asks from a little earlier. */
const CLOCK_MARGIN_MS = 2000;

/** When the console was asked for this page (its Server-Timing), less the clock margin; undefined when unknown. */
export function pageRequestedAt(): number | undefined {
  const [entry] = (globalThis.performance?.getEntriesByType?.('navigation') ??
    []) as PerformanceNavigationTiming[];
  const metric = entry?.serverTiming?.find((timing) => timing.name === PAGE_REQUESTED_TIMING);
  const ms = Number(metric?.description);
  return Number.isSafeInteger(ms) && ms > CLOCK_MARGIN_MS ? ms - CLOCK_MARGIN_MS : undefined;
}

export interface LiveConnectionOptions {
  queryClient: QueryClient;
  onState(state: LiveState): void;
  enabled: boolean;
  /** Each batch of events as it invalidates (the rows to mark as changed). */
  onChanges?(events: readonly LiveEvent[]): void;
  /** Injectable for tests. */
  createEventSource?: (url: string) => EventSource;
  probe?: (url: string) => Promise<number>;
  /** When the page's data was asked for (default: the page's Server-Timing). */
  pageRequestedAt?: () => number | undefined;
}

export interface LiveConnection {
  setEnabled(enabled: boolean): void;
  stop(): void;
}

/** The status of a plain GET of the stream, read from its headers and then dropped (404 means no stream at all). */
async function probeStatus(url: string): Promise<number> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    return response.status;
  } catch {
    return 0;
  } finally {
    controller.abort();
  }
}

export function startLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const createEventSource = options.createEventSource ?? ((url: string) => new EventSource(url));
  const probe = options.probe ?? probeStatus;
  let state: LiveState = options.enabled ? INITIAL_STATE : reduceLive(INITIAL_STATE, { type: 'disable' });
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: LiveEvent[] = [];
  let batchTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  /** The stream was down (or never up) while changes may have happened that no event id can replay. */
  let unseen = !options.enabled;
  /** Until a stream has opened, each attempt asks for what changed since the page was asked for. */
  let everOpened = false;
  const pageTime = options.pageRequestedAt ?? pageRequestedAt;

  const flush = () => {
    batchTimer = undefined;
    const events = pending;
    pending = [];
    options.onChanges?.(events);
    const keys = keysForEvents(events);
    if (keys === 'all') void options.queryClient.invalidateQueries();
    else for (const queryKey of keys) void options.queryClient.invalidateQueries({ queryKey });
  };
  const receive = (event: MessageEvent<string>) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    try {
      pending.push(JSON.parse(event.data) as LiveEvent);
    } catch {
      return;
    }
    batchTimer ??= setTimeout(flush, BATCH_MS);
  };

  const close = () => {
    source?.close();
    source = undefined;
    clearTimeout(timer);
    timer = undefined;
  };

  const open = () => {
    close();
    const resumeFrom = lastEventId;
    const since = resumeFrom || everOpened ? undefined : pageTime();
    const url = resumeFrom
      ? `${EVENTS_URL}?last_event_id=${encodeURIComponent(resumeFrom)}`
      : since !== undefined
        ? `${EVENTS_URL}?since=${since}`
        : EVENTS_URL;
    const es = createEventSource(url);
    source = es;
    let opened = false;
    es.onopen = () => {
      opened = true;
      everOpened = true;
      // With an id or a time the backend replays what was missed (or sends a reset); without, a refetch catches up.
      if (unseen && !resumeFrom && since === undefined) void options.queryClient.invalidateQueries();
      unseen = false;
      dispatch({ type: 'open' });
    };
    es.addEventListener('change', receive as EventListener);
    es.onerror = () => {
      if (source !== es) return;
      // Reconnecting is ours (with backoff and the last id), not the browser's fixed retry.
      close();
      if (opened) return dispatch({ type: 'error' });
      // Never opened: a backend without the stream answers 404, which EventSource cannot tell from a network error.
      void probe(EVENTS_URL).then((status) => {
        if (stopped || source) return;
        dispatch({ type: status === 404 ? 'unavailable' : 'error' });
      });
    };
  };

  const apply = (previous: LiveState) => {
    options.onState(state);
    if (!wantsStream(state.status)) {
      close();
      if (state.status === 'polling') {
        const wait = state.noStream ? RETRY_LIVE_MS.noStream : RETRY_LIVE_MS.failed;
        timer = setTimeout(() => dispatch({ type: 'retry' }), wait);
      }
      return;
    }
    if (state.status === 'live') return;
    if (state.status === 'reconnecting') {
      if (!source && !timer) timer = setTimeout(open, backoffMs(state.failures));
      return;
    }
    // connecting: from a stop (off, hidden, polling) or the start
    if (!source || previous.status !== 'connecting') open();
  };

  function dispatch(input: LiveInput) {
    if (stopped) return;
    const previous = state;
    state = reduceLive(state, input);
    if (state === previous) return;
    // Paused, hidden, polling or failing: what changes meanwhile reaches the screen by the next open's catch-up.
    if (state.status !== 'live' && state.status !== 'connecting') unseen = true;
    apply(previous);
  }

  const onVisibility = () => dispatch({ type: document.visibilityState === 'hidden' ? 'hidden' : 'visible' });
  document.addEventListener('visibilitychange', onVisibility);

  options.onState(state);
  if (document.visibilityState === 'hidden') dispatch({ type: 'hidden' });
  else if (wantsStream(state.status)) open();

  return {
    setEnabled: (enabled) => dispatch({ type: enabled ? 'enable' : 'disable' }),
    stop: () => {
      stopped = true;
      close();
      clearTimeout(batchTimer);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
