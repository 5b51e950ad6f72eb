import 'server-only';
import { cache } from 'react';
import { sessionBackendAccess } from '@/lib/backend/backend-access';
import { createBackendClient, type BackendClient } from '@/lib/backend/create-client';
import { getEnv } from '@/lib/env';

export type { BackendClient, CallOptions } from '@/lib/backend/create-client';

/** The backend of this request (once per request): the session's backend and bearer token, with a timeout. */
export const getBackend = cache(async (): Promise<BackendClient> => {
  const { transport, token } = await sessionBackendAccess();
  return createBackendClient({
    transport,
    token,
    timeoutMs: Math.min(getEnv().PROXY_TIMEOUT_MS, 60_000),
  });
});
