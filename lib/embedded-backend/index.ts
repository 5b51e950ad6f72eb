import { getEmbeddedBackend } from './bootstrap';

/**
 * The embedded backend's one entry point: a Fetch-API handler for backend paths (`/db/checks?…`, `/auth/whoami`).
 * The first call opens, migrates and (on an empty database) seeds the engine.
 */
export async function handleBackendRequest(request: Request): Promise<Response> {
  const backend = await getEmbeddedBackend();
  return backend.handler(request);
}

export { getEmbeddedBackend, getDatabase, closeEmbeddedBackend, createEmbeddedBackend, prepareDatabase } from './bootstrap';
export type { EmbeddedBackend, EmbeddedBackendOptions } from './bootstrap';
export { createBackendHandler, type BackendHandler } from './backend-handler';
export { signBackendToken, verifyBackendToken } from './token';
export type { RequestIdentity } from './identity';
