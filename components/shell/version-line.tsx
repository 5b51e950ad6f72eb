'use client';

import { useQuery } from '@tanstack/react-query';
import { FRONTEND_VERSION } from '@/lib/constants';
import { versionQuery } from '@/lib/queries/version';

/** 'frontend 1.0.873' plus the backend version, or NA when the backend does not say (spec 000 §2). */
export function VersionLine() {
  const { data, isPending, isError } = useQuery(versionQuery());
  const backend = isPending ? '…' : isError ? 'NA' : (data?.backend ?? 'NA');
  return (
    <p className="px-2 py-1.5 text-xs text-muted-foreground">
      frontend {FRONTEND_VERSION}, backend {backend}
    </p>
  );
}
