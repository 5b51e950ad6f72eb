'use client';

import dynamic from 'next/dynamic';

/** The Add dialog of a resource table, for other features' screens (Add health check on /health). */
export const LazyAddResourceDialog = dynamic(
  () => import('./add-resource-dialog').then((m) => m.AddResourceDialog),
  {
    ssr: false,
  },
);

/** A resource's delete confirmation (soft delete, toast), for other features' pages (an integration's Delete). */
export const LazyDeleteResourceDialog = dynamic(
  () => import('./delete-resource-dialog').then((m) => m.DeleteResourceDialog),
  { ssr: false },
);
