import { log } from '@/lib/telemetry/probes';
import { getEmbeddedBackend } from './bootstrap';

/**
 * The embedded backend's one entry point: a Fetch-API handler for backend paths (`/db/checks?…`, `/auth/whoami`).
 * The first call opens, migrates and (on an empty database) seeds the engine.
 */
export async function handleBackendRequest(request: Request): Promise<Response> {
  let backend: Awaited<ReturnType<typeof getEmbeddedBackend>>;
  try {
    backend = await getEmbeddedBackend();
  } catch (error) {
    // A failed start (bad DATABASE_URL, corrupt data dir) is answered, not thrown; the next request retries.
    log.error('[embedded-backend] start failed', { err: error });
    return new Response(
      JSON.stringify({
        error: 'embedded backend is unavailable',
        message: 'The database could not be opened; see the server log.',
      }),
      {
        status: 503,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      },
    );
  }
  return backend.handler(request);
}

export {
  getEmbeddedBackend,
  getDatabase,
  embeddedConnectionHeldSince,
  closeEmbeddedBackend,
  createEmbeddedBackend,
  prepareDatabase,
} from './bootstrap';
export type { EmbeddedBackend, EmbeddedBackendOptions } from './bootstrap';
export { createBackendHandler, type BackendHandler } from './backend-handler';
export { signBackendToken, verifyBackendToken } from './token';
export { onIdentitiesChanged } from './identity-events';
export type { RequestIdentity } from './identity';
