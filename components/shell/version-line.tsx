'use client';

import { useBackendVersion } from '@/lib/queries/health';
import { FRONTEND_VERSION } from '@/lib/constants';

/** 'frontend 1.0.873' plus the backend version, or NA when the backend does not say (spec 000 §2). */
export function VersionLine() {
  const { data, isPending, isError } = useBackendVersion();
  const backend = isPending ? '…' : isError ? 'NA' : (data?.backend ?? 'NA');
  return (
    <p className="px-2 py-1.5 text-xs text-muted-foreground">
      frontend {FRONTEND_VERSION}, backend {backend}
    </p>
  );
}
