'use client';

import { useQuery } from '@tanstack/react-query';
import { backendErrorFromResponse, BackendError } from '@/lib/backend/errors';
import { FRONTEND_VERSION } from '@/lib/constants';
import { apiFetch } from '@/lib/queries/api-fetch';
import { versionKeys } from '@/lib/queries/keys';

interface BackendVersion {
  backend?: string;
  timestamp?: string;
}

function optionalString(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') throw new TypeError('not a string');
  return value;
}

/**
 * GET /canary/about, read by hand with the rules of the endpoint's schema (an object whose Version and Timestamp
 * are strings or absent), so that the header does not carry zod and the endpoint schemas. Same query key and
 * data shape as `healthQueries.version()`.
 */
export async function fetchBackendVersion(signal?: AbortSignal): Promise<BackendVersion> {
  const response = await apiFetch('/canary/about', { signal });
  if (!response.ok) throw await backendErrorFromResponse(response);
  const invalid = (reason: string) =>
    new BackendError({
      status: 502,
      code: 'invalid_response',
      message: `The backend sent an unexpected answer for /canary/about: ${reason}`,
      requestId: response.headers.get('x-request-id') ?? undefined,
    });
  let json: unknown;
  try {
    json = JSON.parse(await response.text());
  } catch {
    throw invalid('the answer is not JSON');
  }
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw invalid('expected an object');
  const record = json as Record<string, unknown>;
  try {
    return { backend: optionalString(record.Version), timestamp: optionalString(record.Timestamp) };
  } catch {
    throw invalid('Version and Timestamp must be strings');
  }
}

/** 'frontend 1.0.873' plus the backend version, or NA when the backend does not say (spec 000 §2). */
export function VersionLine() {
  const { data, isPending, isError } = useQuery({
    queryKey: versionKeys.backend(),
    queryFn: ({ signal }) => fetchBackendVersion(signal),
    staleTime: Infinity,
  });
  const backend = isPending ? '…' : isError ? 'NA' : (data?.backend ?? 'NA');
  return (
    <p className="px-2 py-1.5 text-xs text-muted-foreground">
      frontend {FRONTEND_VERSION}, backend {backend}
    </p>
  );
}
