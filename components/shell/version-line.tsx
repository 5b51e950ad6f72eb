'use client';

import { useQuery } from '@tanstack/react-query';
import { FRONTEND_VERSION } from '@/lib/constants';

interface AboutResponse {
  Version?: string;
  version?: string;
}

async function fetchBackendVersion(signal: AbortSignal): Promise<string | null> {
  const response = await fetch('/api/canary/about', { signal, headers: { accept: 'application/json' } });
  if (!response.ok) return null;
  const body = (await response.json()) as AboutResponse;
  return body.Version ?? body.version ?? null;
}

/** 'frontend 1.0.873' plus the backend version, or NA when the backend does not say (spec 000 §2). */
export function VersionLine() {
  const { data, isPending } = useQuery({
    queryKey: ['version-info'],
    queryFn: ({ signal }) => fetchBackendVersion(signal).catch(() => null),
    staleTime: 5 * 60 * 1000,
  });
  return (
    <p className="px-2 py-1.5 text-xs text-muted-foreground">
      frontend {FRONTEND_VERSION}, backend {isPending ? '…' : (data ?? 'NA')}
    </p>
  );
}
