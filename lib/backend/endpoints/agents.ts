import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** POST /agent/generate (backend-contract §2.1): `id` is the new *person* id, not the agent id. */

export interface GenerateAgentRequest {
  name: string;
  properties?: Record<string, string>;
  auto_renew?: boolean;
}

export const generatedAgentSchema = z.looseObject({
  id: z.string(),
  username: z.string(),
  access_token: z.string(),
});
export type GeneratedAgent = z.infer<typeof generatedAgentSchema>;

export function generateAgentEndpoint(body: GenerateAgentRequest): Endpoint<GeneratedAgent> {
  return { method: 'POST', path: '/agent/generate', body, schema: generatedAgentSchema };
}
