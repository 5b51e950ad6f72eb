'use client';

import dynamic from 'next/dynamic';

/** The Create Incident dialog for other features (the command palette): it loads when it is opened. */
export const LazyCreateIncidentDialog = dynamic(
  () => import('./create-incident-dialog').then((m) => m.CreateIncidentDialog),
  { ssr: false },
);
