import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Agents: the list for filters and names (PostgREST), and POST /agent/generate (backend-contract §2.1): `id` is the new *person* id, not the agent id. */

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

export const agentNameSchema = z.looseObject({ id: z.string(), name: z.string().nullish() });
export type AgentName = z.infer<typeof agentNameSchema>;

/** Names of the given agents, in one call (the health tabs when Tab By is agent). */
export function agentNamesEndpoint(ids: readonly string[]): Endpoint<AgentName[]> {
  const q = pgrst('agents').select('id,name').in('id', ids);
  return { path: q.toPath(), schema: z.array(agentNameSchema) };
}

export const agentSchema = z.looseObject({ id: z.string(), name: z.string().nullish(), description: z.string().nullish() });
export type Agent = z.infer<typeof agentSchema>;

/** The agent dropdown and the agent names of the cards, in one call instead of one per card. */
export function agentsEndpoint(): Endpoint<Agent[]> {
  const q = pgrst('agents').select('id,name,description').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(agentSchema) };
}
