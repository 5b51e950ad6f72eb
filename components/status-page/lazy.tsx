'use client';

import dynamic from 'next/dynamic';

/** The incident page's public-status panel, loaded when that page renders it (nothing in its first load). */
export const LazyIncidentPublicNotice = dynamic(
  () => import('@/components/status-page/incident-public-notice').then((m) => m.IncidentPublicNotice),
  { ssr: false },
);
