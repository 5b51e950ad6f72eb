'use client';

import dynamic from 'next/dynamic';

/** The wall display's headline, freshness line and idle controls, loaded where shown (/health never pays). */
export const LazyWallStatus = dynamic(
  () => import('@/components/live/wall-status').then((m) => m.WallStatus),
  { ssr: false },
);
