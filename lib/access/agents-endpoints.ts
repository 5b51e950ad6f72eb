import { z } from 'zod';
import type { Endpoint, SortedPageParams } from '@/lib/backend/endpoint';
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

export const agentSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  description: z.string().nullish(),
});
export type Agent = z.infer<typeof agentSchema>;

/** The agent dropdown and the agent names of the cards, in one call instead of one per card. */
export function agentsEndpoint(): Endpoint<Agent[]> {
  const q = pgrst('agents').select('id,name,description').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(agentSchema) };
}

export const agentSummarySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  config_count: z.number().nullish(),
  checks_count: z.number().nullish(),
  config_scrapper_count: z.number().nullish(),
  playbook_runs_count: z.number().nullish(),
  last_seen: z.string().nullish(),
  last_received: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  creator: z
    .looseObject({ id: z.string(), name: z.string().nullish(), avatar: z.string().nullish() })
    .nullish(),
});
export type AgentSummary = z.infer<typeof agentSummarySchema>;

export type AgentsListParams = SortedPageParams;

const AGENT_SELECT = '*,creator:people!agents_created_by_fkey(id,name,avatar)';

/** /settings/agents: server-paged, one order (the earlier console sent `order` twice). */
export function agentsSummaryEndpoint(p: AgentsListParams): Endpoint<AgentSummary[]> {
  const q = pgrst('agents_summary')
    .select(AGENT_SELECT)
    .order(p.sortBy ?? 'created_at', p.sortDesc ? 'desc' : 'asc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(agentSummarySchema) };
}

/** One agent (`?id=` on /settings/agents). */
export function agentSummaryEndpoint(id: string): Endpoint<AgentSummary[]> {
  const q = pgrst('agents_summary').select(AGENT_SELECT).eq('id', id);
  return { path: q.toPath(), schema: z.array(agentSummarySchema) };
}

/** Edit: only the properties (the name is fixed once the agent exists). */
export function updateAgentEndpoint(id: string, properties: Record<string, string>): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('agents').eq('id', id).toPath(),
    body: { properties },
    schema: z.unknown(),
  };
}

/** Soft delete; `cleanup` also soft-deletes what the agent reported (the backend does it in the same statement). */
export function deleteAgentEndpoint(id: string, cleanup: boolean): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst('agents').eq('id', id).toPath(),
    body: cleanup ? { deleted_at: 'now()', cleanup: true } : { deleted_at: 'now()' },
    schema: z.unknown(),
  };
}
