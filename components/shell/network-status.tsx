'use client';

import * as React from 'react';
import { loadSonner } from '@/components/widgets/toast';
import { loadApiFetch } from '@/lib/queries/fetcher';

/**
 * What a failure needs comes before the failure (issue 34): once the page has loaded and the browser is idle, the
 * fetch layer and the toast library are fetched, so that offline a Refresh still says 'No internet connection'.
 * They stay out of the first load (ARCHITECTURE §6) and cost nothing until idle.
 */
export function preloadFailurePath(): void {
  void loadApiFetch().catch(() => undefined);
  void loadSonner().catch(() => undefined);
}

/** Runs `task` when the page has loaded and the browser is idle; returns a cancel. */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelIdle = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: 5_000 });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      // Safari has no requestIdleCallback.
      const handle = setTimeout(task, 1_000);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/**
 * The offline banner: shown while the browser is offline, gone when it is back (queries then refetch through
 * react-query's refetchOnReconnect). The server renders none: it cannot know, and online is the common case.
 */
export function NetworkStatus() {
  const online = React.useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  React.useEffect(() => afterLoadWhenIdle(preloadFailurePath), []);
  return (
    <div role="status" aria-live="polite">
      {!online && (
        // At the foot, and never in the way of a click: the header's Refresh must stay reachable offline.
        <p className="pointer-events-none fixed bottom-4 left-1/2 z-[60] -translate-x-1/2 rounded-full bg-foreground px-4 py-1.5 text-center text-sm font-medium text-background shadow-lg">
          You are offline. The console will refresh when the connection is back.
        </p>
      )}
    </div>
  );
}
