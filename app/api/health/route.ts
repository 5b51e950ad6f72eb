import { apiRoute } from '@/lib/backend/api-route';
import { deploymentTransport } from '@/lib/backend/backend-access';
import { checkBackendHealth } from '@/lib/backend/health';
import { embeddedBackendReady, getEmbeddedBackend } from '@/lib/embedded-backend/bootstrap';
import { getEnv, isEmbeddedBackend } from '@/lib/env';
import { isDraining } from '@/lib/server/lifecycle';

/**
 * GET /api/health: liveness (the process serves requests; 200 even while the backend starts or drains, so an
 * orchestrator never restarts a healthy process for a slow database).
 * GET /api/health?ready=1: readiness, for load balancers: 503 until migrations ran and the backend answers, and
 * from the shutdown signal on. Headers and no-store come from apiRoute, like every /api answer.
 */
export const dynamic = 'force-dynamic';

/** A remote backend slower than this is not ready to take traffic. */
const READY_TIMEOUT_MS = 5000;

function answer(status: number, body: Record<string, string>): Response {
  return Response.json(body, { status });
}

export const GET = apiRoute(async (request: Request): Promise<Response> => {
  const ready = new URL(request.url).searchParams.get('ready');
  if (ready === null) return answer(200, { status: 'ok' });
  if (ready !== '1' && ready !== 'true')
    return answer(400, { error: "ready must be '1' (readiness) or absent (liveness)" });
  if (isDraining()) return answer(503, { status: 'draining' });
  // Hosted mode has no deployment backend: each organization's own one is checked per request (its whoami).
  if (getEnv().AUTH_PROVIDER === 'clerk') return answer(200, { status: 'ready' });
  if (isEmbeddedBackend() && !embeddedBackendReady()) {
    // Starting (or retrying after a failed start): answer at once, the prober asks again.
    getEmbeddedBackend().catch(() => undefined);
    return answer(503, { status: 'starting' });
  }
  const healthy = await checkBackendHealth(deploymentTransport(), READY_TIMEOUT_MS);
  return healthy
    ? answer(200, { status: 'ready' })
    : answer(503, { status: 'unavailable', error: 'The backend is not reachable' });
});
