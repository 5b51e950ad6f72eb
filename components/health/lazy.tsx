'use client';

import dynamic from 'next/dynamic';

/** The check panel, for other features' screens: it loads when one of them opens a check. */
export const LazyCheckPanel = dynamic(() => import('./check-panel').then((m) => m.CheckPanel), {
  ssr: false,
});
