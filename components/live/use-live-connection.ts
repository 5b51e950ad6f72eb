'use client';

import * as React from 'react';
import { afterPageLoad } from '@/components/widgets/use-after-load';
import type { LiveConnection } from '@/lib/live/connection';
import type { LiveEvent } from '@/lib/live/invalidation';
import type { RowMarks } from '@/lib/live/row-marks';
import { liveStatusStore } from '@/lib/live/status-store';

/**
 * Starts the tab's change stream a moment after the page's load event (so its code is not in the first load) and
 * stops it on unmount; `enabled` is read then, later changes go through the returned ref. `onChanges` hears each
 * batch of events (a page rendered on the server refreshes itself from it).
 */
export function useLiveConnection(
  enabled: () => boolean,
  onChanges?: (events: readonly LiveEvent[]) => void,
): React.RefObject<LiveConnection | undefined> {
  const connection = React.useRef<LiveConnection | undefined>(undefined);
  const initial = React.useRef(enabled);
  const listener = React.useRef(onChanges);
  React.useEffect(() => {
    listener.current = onChanges;
  });
  React.useEffect(() => {
    let cancelled = false;
    let marks: RowMarks | undefined;
    const start = () => {
      void Promise.all([
        import('@/lib/live/connection'),
        import('@/lib/queries/query-client'),
        import('@/lib/live/row-marks'),
      ]).then(
        ([live, queries, rowMarks]) => {
          if (cancelled) return;
          marks = rowMarks.createRowMarks();
          const mark = marks;
          connection.current = live.startLiveConnection({
            queryClient: queries.getQueryClient(),
            enabled: initial.current(),
            onState: (state) => liveStatusStore.set(state.status),
            onChanges: (events) => {
              mark.add(changedIds(events));
              listener.current?.(events);
            },
          });
        },
        // The code could not be fetched (offline since the page loaded): tried again when the browser is back.
        () => {
          if (!cancelled) window.addEventListener('online', start, { once: true });
        },
      );
    };
    const cancel = afterPageLoad(start);
    return () => {
      cancelled = true;
      cancel();
      window.removeEventListener('online', start);
      connection.current?.stop();
      connection.current = undefined;
      marks?.stop();
    };
  }, []);
  return connection;
}

/** The rows a batch of events names (a `many` or a reset names none). */
function* changedIds(events: readonly LiveEvent[]): Iterable<string> {
  for (const event of events) if (event.id) yield event.id;
}

/** The tab's live status (connecting until the stream's code has loaded). */
export function useLiveStatus() {
  return React.useSyncExternalStore(
    liveStatusStore.subscribe,
    liveStatusStore.get,
    liveStatusStore.getServer,
  );
}
