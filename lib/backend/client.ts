import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { sessionBackendAccess } from '@/lib/backend/backend-access';
import { createBackendClient, type BackendClient } from '@/lib/backend/create-client';
import { getEnv } from '@/lib/env';
import { REQUEST_ID_HEADER } from '@/lib/telemetry/request-id';

export type { BackendClient, CallOptions } from '@/lib/backend/create-client';

/** The backend of this request (once per request): the session's backend and bearer token, a timeout, the request id. */
export const getBackend = cache(async (): Promise<BackendClient> => {
  const [{ transport, token }, incoming] = await Promise.all([sessionBackendAccess(), headers()]);
  return createBackendClient({
    transport,
    token,
    // The front door gave the request its id; the backend's log and the page's error states name the same one.
    requestId: incoming.get(REQUEST_ID_HEADER) ?? undefined,
    timeoutMs: Math.min(getEnv().PROXY_TIMEOUT_MS, 60_000),
  });
});
