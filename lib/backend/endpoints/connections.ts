import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** POST /connection/test/{id} (backend-contract §2.1): 200 `{message:"ok"}`, 400 `{error}` when the probe fails. */

export const connectionTestSchema = z.looseObject({
  message: z.string().nullish(),
  payload: z.unknown().optional(),
});

export function testConnectionEndpoint(id: string): Endpoint<z.infer<typeof connectionTestSchema>> {
  return { method: 'POST', path: `/connection/test/${encodeURIComponent(id)}`, schema: connectionTestSchema };
}
