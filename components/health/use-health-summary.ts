'use client';

import * as React from 'react';
import { BackendError } from '@/lib/backend/errors';
import type { HealthCheck } from '@/lib/health/types';
import { DEFAULT_STALE_TIME_MS, retryDelayMs, shouldRetry } from '@/lib/queries/fetch-policy';
import { fetchAgentNames, fetchHealthChecks } from '@/lib/queries/health-check';
import { decodeHealthChecks, type CompactHealthChecks } from '@/lib/queries/health-compact';

export interface InitialHealthChecks {
  checks: CompactHealthChecks;
  /** When the server loaded it, so the browser does not fetch it again at once. */
  fetchedAt: number;
}

export interface HealthSummaryState {
  /** The last loaded checks; kept while a refresh fails, so the list never empties on a hiccup. */
  data: readonly HealthCheck[] | undefined;
  /** The last failure, cleared by the next success; cancelled requests never land here. */
  error: BackendError | null;
  isFetching: boolean;
  /** No checks yet and no failure: the first load is still running. */
  isPending: boolean;
  /** Fetches now, cancelling a request still in flight (whose outcome is then ignored). */
  refetch: () => void;
}

interface Loaded {
  data: readonly HealthCheck[] | undefined;
  updatedAt: number;
  error: BackendError | null;
  isFetching: boolean;
}

function asBackendError(error: unknown): BackendError {
  if (error instanceof BackendError) return error;
  const message = error instanceof Error ? error.message : 'An error occurred';
  return new BackendError({ status: 0, code: 'client_error', message });
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * The health list's data: the server's checks first, then the browser's own requests to the summary. Spec 000
 * §2: an in-flight request is aborted when a new one starts and an aborted request is ignored silently; it also
 * refetches on the auto-refresh interval (while the tab is visible), retries network failures and 5xx like the
 * query client (3 times, 1/2/4 s apart), and refreshes data older than 5 minutes when the tab regains focus or
 * the network comes back. A hand-written hook rather than react-query: /health's first load has no room for it.
 */
export function useHealthSummary(
  path: string,
  { initial, refetchIntervalMs }: { initial?: InitialHealthChecks | null; refetchIntervalMs: number | null },
): HealthSummaryState {
  const seed = React.useMemo(
    () => (initial ? { data: decodeHealthChecks(initial.checks), updatedAt: initial.fetchedAt } : null),
    [initial],
  );
  const [loaded, setLoaded] = React.useState<Loaded>({ data: undefined, updatedAt: 0, error: null, isFetching: false });
  const controller = React.useRef<AbortController | null>(null);
  const updatedAt = React.useRef(0);
  // A newer server render (a later navigation to the page) wins over what the browser loaded before it.
  const current = seed && seed.updatedAt > loaded.updatedAt ? { ...loaded, data: seed.data, updatedAt: seed.updatedAt } : loaded;
  updatedAt.current = current.updatedAt;

  const refetch = React.useCallback(() => {
    controller.current?.abort();
    const own = new AbortController();
    controller.current = own;
    setLoaded((state) => ({ ...state, isFetching: true }));
    void (async () => {
      for (let failures = 0; ; failures++) {
        try {
          const data = await fetchHealthChecks(path, own.signal);
          if (own.signal.aborted) return;
          setLoaded({ data, updatedAt: Date.now(), error: null, isFetching: false });
          return;
        } catch (caught) {
          if (own.signal.aborted) return;
          const error = asBackendError(caught);
          if (!shouldRetry(failures, error)) {
            setLoaded((state) => ({ ...state, error, isFetching: false }));
            return;
          }
          await wait(retryDelayMs(failures), own.signal);
          if (own.signal.aborted) return;
        }
      }
    })();
  }, [path]);

  // The first load when the server could not hand the checks over; every request stops with the screen.
  const hasSeed = seed !== null;
  React.useEffect(() => {
    if (!hasSeed) refetch();
    return () => controller.current?.abort();
  }, [hasSeed, refetch]);

  React.useEffect(() => {
    if (!refetchIntervalMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') refetch();
    }, refetchIntervalMs);
    return () => clearInterval(timer);
  }, [refetchIntervalMs, refetch]);

  React.useEffect(() => {
    const refreshIfStale = () => {
      if (document.visibilityState !== 'hidden' && Date.now() - updatedAt.current > DEFAULT_STALE_TIME_MS) refetch();
    };
    window.addEventListener('focus', refreshIfStale);
    window.addEventListener('online', refreshIfStale);
    document.addEventListener('visibilitychange', refreshIfStale);
    return () => {
      window.removeEventListener('focus', refreshIfStale);
      window.removeEventListener('online', refreshIfStale);
      document.removeEventListener('visibilitychange', refreshIfStale);
    };
  }, [refetch]);

  return {
    data: current.data,
    error: current.error,
    isFetching: current.isFetching,
    isPending: current.data === undefined && current.error === null,
    refetch,
  };
}

/** Agent names for the tabs when Tab By is agent; undefined until loaded (the tabs then show the ids). */
export function useAgentNames(ids: readonly string[], enabled: boolean): ReadonlyMap<string, string> | undefined {
  const key = enabled ? [...ids].sort().join(',') : '';
  const [names, setNames] = React.useState<{ key: string; names: Map<string, string> } | null>(null);
  React.useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    fetchAgentNames(key.split(','), controller.signal).then(
      (loaded) => setNames({ key, names: loaded }),
      // Without names the tabs show the agent ids; the summary's own errors are reported by the list.
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
  return names && names.key === key ? names.names : undefined;
}
