'use client';

import * as React from 'react';
import type { WallPageRefresh as Part } from '@/components/live/wall-page-refresh';
import { useAfterLoad } from '@/components/widgets/use-after-load';

// Offline before its code came, the wall keeps what the server rendered rather than failing the page.
const WallPageRefresh = React.lazy<React.ComponentType<React.ComponentProps<typeof Part>>>(() =>
  import('@/components/live/wall-page-refresh').then(
    (m) => ({ default: m.WallPageRefresh }),
    () => ({ default: () => null }),
  ),
);

/**
 * Keeps a wall rendered on the server live, with its freshness line (/view/topology/{id}); its code loads a moment
 * after the page's load event, so it is in no first load.
 */
export function LazyWallPageRefresh(props: React.ComponentProps<typeof WallPageRefresh>) {
  const ready = useAfterLoad();
  return ready ? (
    <React.Suspense fallback={null}>
      <WallPageRefresh {...props} />
    </React.Suspense>
  ) : null;
}
