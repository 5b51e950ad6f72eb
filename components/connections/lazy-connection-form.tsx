'use client';

import dynamic from 'next/dynamic';

/**
 * The connection form for screens: it (with zod, react-hook-form and the form kit) loads when a dialog opens it,
 * not with the list page, which keeps the page within the data-screen budget.
 */
export const LazyConnectionForm = dynamic(
  () => import('@/components/connections/connection-form').then((m) => m.ConnectionForm),
  {
    loading: () => (
      <p role="status" className="py-8 text-center text-sm text-muted-foreground">
        Loading form…
      </p>
    ),
  },
);
