'use client';

import dynamic from 'next/dynamic';

/** The change dialog (diff, details, patches), for other features' screens: it loads when a change is opened. */
export const LazyChangeDialog = dynamic(() => import('./change-dialog').then((m) => m.ChangeDialog), {
  ssr: false,
});
