'use client';

import dynamic from 'next/dynamic';

/** The Run Playbook dialog: it loads when it is opened. */
export const LazyRunPlaybookDialog = dynamic(() => import('./run-dialog').then((m) => m.RunPlaybookDialog), {
  ssr: false,
});
