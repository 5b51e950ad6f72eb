import type { Transport } from '@/lib/backend/transport';

export const HEALTH_TIMEOUT_MS = 10_000;

/** True when the backend answers GET /health without a server error (a 404 still proves it is up). */
export async function checkBackendHealth(transport: Transport, timeoutMs = HEALTH_TIMEOUT_MS): Promise<boolean> {
  try {
    const response = await transport('/health', { method: 'GET', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel().catch(() => undefined);
    return response.status < 500;
  } catch {
    return false;
  }
}
