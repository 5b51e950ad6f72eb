import { getSession } from '@/lib/auth/server';
import { proxyRequest } from '@/lib/backend/proxy';
import { restFromUrl } from '@/lib/backend/request-target';
import { BackendError } from '@/lib/backend/errors';
import { jsonError } from '@/lib/backend/proxy';
import { resolveBackendAccess, type BackendAccess } from '@/lib/auth/backend-access';
import { getEnv } from '@/lib/env';

/** The browser's only way to the backend: same gate as the pages, bearer token added on the server. */
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const env = getEnv();
  const session = await getSession();
  let access: BackendAccess;
  try {
    access = await resolveBackendAccess(session);
  } catch (error) {
    // Clerk: the organization's backend is not there yet, or no organization is chosen.
    if (error instanceof BackendError) return jsonError(error.status, error.message);
    throw error;
  }
  return proxyRequest(request, {
    rest: restFromUrl(request.url),
    session,
    token: access.token,
    transport: access.transport,
    mode: env.AUTH_PROVIDER,
    limits: { maxBodyBytes: env.PROXY_MAX_BODY_BYTES, timeoutMs: env.PROXY_TIMEOUT_MS },
    healthSummaryPath: env.HEALTH_SUMMARY_PATH,
  });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as HEAD, handle as OPTIONS };
