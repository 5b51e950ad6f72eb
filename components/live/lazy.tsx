'use client';

import dynamic from 'next/dynamic';

/** The wall display's freshness line, loaded where it is shown (the /health variant of the same screen never pays). */
export const LazyWallFreshness = dynamic(
  () => import('@/components/live/wall-freshness').then((m) => m.WallFreshness),
  { ssr: false },
);
