'use client';

import * as React from 'react';
import { useAfterLoad } from '@/components/widgets/use-after-load';

// Offline before its code came, the slot stays empty for this page rather than failing the header.
const LiveHeader = React.lazy<React.ComponentType>(() =>
  import('@/components/live/live-header').then(
    (m) => ({ default: m.LiveHeader }),
    () => ({ default: () => null }),
  ),
);

/**
 * The header's place for the live indicator: the indicator, the stream and the lists' "N new" load a moment after
 * the page's load event, so the first load carries only this slot (ARCHITECTURE §6); its width is kept so nothing
 * moves then.
 */
export function LiveSlot() {
  const ready = useAfterLoad();
  return (
    <span className="inline-flex min-w-[6.75rem] justify-end">
      {ready && (
        <React.Suspense fallback={null}>
          <LiveHeader />
        </React.Suspense>
      )}
    </span>
  );
}
