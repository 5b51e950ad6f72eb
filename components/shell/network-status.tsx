'use client';

import * as React from 'react';
import { loadSonner } from '@/components/widgets/toast';
import { afterPageLoad } from '@/components/widgets/use-after-load';
import { loadApiFetch } from '@/lib/queries/fetcher';

/**
 * What a failure needs comes before the failure (issue 34): a moment after the page's load event, the
 * fetch layer and the toast library are fetched, so that offline a Refresh still says 'No internet connection'.
 * They stay out of the first load (ARCHITECTURE §6).
 */
export function preloadFailurePath(): void {
  void loadApiFetch().catch(() => undefined);
  void loadSonner().catch(() => undefined);
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
  React.useEffect(() => afterPageLoad(preloadFailurePath), []);
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
