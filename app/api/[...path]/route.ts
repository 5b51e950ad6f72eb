import { getSession } from '@/lib/auth/server';
import { proxyRequest } from '@/lib/backend/proxy';
import { restFromUrl } from '@/lib/backend/request-target';
import { resolveCredential, resolveTransport } from '@/lib/backend/resolve-transport';
import { getEnv } from '@/lib/env';

/** The browser's only way to the backend: same gate as the pages, bearer token added on the server. */
export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const env = getEnv();
  const session = await getSession();
  const token = await resolveCredential(session);
  return proxyRequest(request, {
    rest: restFromUrl(request.url),
    session,
    token,
    transport: resolveTransport(session),
    mode: env.AUTH_PROVIDER,
    limits: { maxBodyBytes: env.PROXY_MAX_BODY_BYTES, timeoutMs: env.PROXY_TIMEOUT_MS },
    healthSummaryPath: env.HEALTH_SUMMARY_PATH,
  });
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as HEAD, handle as OPTIONS };
