import * as React from 'react';
import { liveStatusStore } from '@/lib/live/status-store';

/**
 * A list's refetch interval given its refresh rate: none while the tab's change stream is live (the stream
 * invalidates what changed), the screen's own rate otherwise (polling fallback, switched off, reconnecting).
 */
export function usePollingUnlessLive(ms: number | null): number | false {
  const status = React.useSyncExternalStore(
    liveStatusStore.subscribe,
    liveStatusStore.get,
    liveStatusStore.getServer,
  );
  return status === 'live' ? false : (ms ?? false);
}
