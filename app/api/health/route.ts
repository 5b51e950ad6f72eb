import { checkBackendHealth } from '@/lib/backend/health';
import { deploymentTransport } from '@/lib/auth/backend-access';

/** Liveness that also wakes the backend, so the first real request does not pay the embedded database's cold start. */
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  const healthy = await checkBackendHealth(deploymentTransport());
  return Response.json(healthy ? { status: 'ok' } : { status: 'unavailable', error: 'The backend is not reachable' }, {
    status: healthy ? 200 : 503,
    headers: { 'cache-control': 'no-store' },
  });
}
