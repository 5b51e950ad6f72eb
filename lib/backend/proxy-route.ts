import 'server-only';
import { apiRoute } from '@/lib/backend/api-route';
import { proxyRequest } from '@/lib/backend/proxy';
import { restFromUrl } from '@/lib/backend/request-target';
import { resolveRequestAccess } from '@/lib/backend/backend-access';
import { getEnv } from '@/lib/env';

/**
 * app/api/[...path]: the browser's only way to the backend. The session is read here (no middleware runs for
 * /api), the same gate as the pages applies, and the bearer token is added on the server. Kept outside the route
 * file so that the tests serve exactly this handler over HTTP.
 */
export const proxyRoute = apiRoute((request: Request) => {
  const env = getEnv();
  return proxyRequest(request, {
    rest: restFromUrl(request.url),
    access: () => resolveRequestAccess(request, env),
    mode: env.AUTH_PROVIDER,
    limits: { maxBodyBytes: env.PROXY_MAX_BODY_BYTES, timeoutMs: env.PROXY_TIMEOUT_MS },
    healthSummaryPath: env.HEALTH_SUMMARY_PATH,
  });
});
