import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Health screen reads not covered by canary.ts/db.ts: agent names for Tab By = agent. */

export const agentNameSchema = z.looseObject({ id: z.string(), name: z.string().nullish(), description: z.string().nullish() });
export type AgentName = z.infer<typeof agentNameSchema>;

export function agentsByIdsEndpoint(ids: readonly string[]): Endpoint<AgentName[]> {
  const q = pgrst('agents').select('id,name,description').in('id', ids);
  return { path: q.toPath(), schema: z.array(agentNameSchema) };
}
