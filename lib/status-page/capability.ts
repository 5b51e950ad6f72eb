import 'server-only';
import type { BackendClient } from '@/lib/backend/client';
import { BackendError } from '@/lib/backend/errors';

/**
 * Whether the session's backend has status pages (issue 38): its capability probe answers 200, a backend without
 * them 404. Remembered per backend for a minute (a failed probe other than 404 is not remembered and reads as
 * available, so a slow backend never hides the screen: the screen itself then shows the backend's error).
 */

const TTL_MS = 60_000;
const known = new Map<string, { available: boolean; at: number }>();

export async function hasStatusPageCapability(backend: BackendClient, key: string): Promise<boolean> {
  const hit = known.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.available;
  const { statusPageCapabilityEndpoint } = await import('@/lib/status-page/endpoints');
  let available = true;
  try {
    await backend.request(statusPageCapabilityEndpoint());
  } catch (error) {
    if (!(error instanceof BackendError) || error.status !== 404) return true;
    available = false;
  }
  known.set(key, { available, at: Date.now() });
  if (known.size > 1000) known.delete(known.keys().next().value as string);
  return available;
}
