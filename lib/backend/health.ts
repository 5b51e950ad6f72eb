import { withTimeout } from '@/lib/backend/timeout';
import type { Transport } from '@/lib/backend/transport';

export const HEALTH_TIMEOUT_MS = 10_000;

/** True when the backend answers GET /health without a server error (a 404 still proves it is up). */
export async function checkBackendHealth(
  transport: Transport,
  timeoutMs = HEALTH_TIMEOUT_MS,
): Promise<boolean> {
  try {
    // withTimeout also bounds an in-process handler that ignores its signal (the embedded cold start).
    const response = await withTimeout(
      (signal) => transport('/health', { method: 'GET', signal }),
      timeoutMs,
    );
    await response.body?.cancel().catch(() => undefined);
    return response.status < 500;
  } catch {
    return false;
  }
}
