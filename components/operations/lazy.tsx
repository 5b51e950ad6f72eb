'use client';

import dynamic from 'next/dynamic';

/** A job's history, for other features' screens (a resource's Job History tab): it loads when the tab opens. */
export const LazyJobHistory = dynamic(() => import('./job-history').then((m) => m.JobHistory), {
  ssr: false,
});
