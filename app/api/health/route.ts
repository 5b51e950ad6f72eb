import { apiRoute } from '@/lib/backend/api-route';
import { checkBackendHealth } from '@/lib/backend/health';
import { deploymentTransport } from '@/lib/backend/resolve-transport';

/** Liveness that also wakes the backend, so the first real request does not pay the embedded database's cold start. */
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => {
  const healthy = await checkBackendHealth(deploymentTransport());
  return Response.json(healthy ? { status: 'ok' } : { status: 'unavailable', error: 'The backend is not reachable' }, {
    status: healthy ? 200 : 503,
  });
});
