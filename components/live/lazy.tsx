'use client';

import * as React from 'react';
import { useAfterLoad } from '@/components/widgets/use-after-load';

import type { WallPageRefresh as WallPageRefreshPart } from '@/components/live/wall-page-refresh';
import type { WallStatus as WallStatusPart } from '@/components/live/wall-status';

// Offline before its code came, a wall keeps what the server rendered rather than failing the page.
const nothing = () => ({ default: () => null });

const WallStatus = React.lazy<React.ComponentType<React.ComponentProps<typeof WallStatusPart>>>(() =>
  import('@/components/live/wall-status').then((m) => ({ default: m.WallStatus }), nothing),
);
const WallPageRefresh = React.lazy<React.ComponentType<React.ComponentProps<typeof WallPageRefreshPart>>>(
  () => import('@/components/live/wall-page-refresh').then((m) => ({ default: m.WallPageRefresh }), nothing),
);

/** A part that loads its code a moment after the page's load event, so it is in no route's first load. */
function afterLoad<P extends object>(Part: React.ComponentType<P>) {
  return function AfterLoad(props: P) {
    const ready = useAfterLoad();
    return ready ? (
      <React.Suspense fallback={null}>
        <Part {...props} />
      </React.Suspense>
    ) : null;
  };
}

/** The wall display's headline, freshness line and idle controls (/view/health). */
export const LazyWallStatus = afterLoad(WallStatus);

/** Keeps a wall rendered on the server live, with its freshness line (/view/topology/{id}). */
export const LazyWallPageRefresh = afterLoad(WallPageRefresh);
