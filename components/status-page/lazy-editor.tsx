'use client';

import * as React from 'react';
import { PageSkeleton } from '@/components/shell/page-skeleton';
import { useAfterLoad } from '@/components/widgets/use-after-load';
import type { StatusPage } from '@/lib/status-page/endpoints';

const StatusPageEditor = React.lazy(() =>
  import('./status-page-editor').then((m) => ({ default: m.StatusPageEditor })),
);

/**
 * The status page editor, fetched a moment after the page's load event: the form brings zod and react-hook-form
 * (~46 kB gzipped), which would put this admin-only page 70 kB over its first-load budget (ARCHITECTURE §6). The
 * server HTML holds the page's shape meanwhile; the page's data is already in the query cache. Not in ./lazy.tsx:
 * the incident page imports that file, and this wrapper there cost /incidents/[id] 0.2 kB of its first load.
 */
export function LazyStatusPageEditor({ page }: { page?: StatusPage | null }) {
  const ready = useAfterLoad();
  const skeleton = <PageSkeleton />;
  if (!ready) return skeleton;
  return (
    <React.Suspense fallback={skeleton}>
      <StatusPageEditor page={page} />
    </React.Suspense>
  );
}
