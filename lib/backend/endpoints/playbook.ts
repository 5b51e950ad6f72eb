import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { SECTION_ROW_LIMIT } from '@/lib/constants';
import { encodeQueryValue } from '@/lib/backend/postgrest-query';

/** Native playbook routes (backend-contract §2.1, §2.8); the tables are read through /db. */

export type PlaybookTarget = { check_id: string } | { config_id: string } | { component_id: string };

export const playbookParameterSchema = z.looseObject({
  name: z.string(),
  default: z.unknown().optional(),
  label: z.string().nullish(),
  required: z.boolean().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  dependsOn: z.array(z.string()).nullish(),
});
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

export const playbookListItemSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  icon: z.string().nullish(),
  description: z.string().nullish(),
  category: z.string().nullish(),
  parameters: z.array(playbookParameterSchema).nullish(),
});
export type PlaybookListItem = z.infer<typeof playbookListItemSchema>;

function targetQuery(target: PlaybookTarget): string {
  const [key, value] = Object.entries(target)[0] ?? ['', ''];
  return `${key}=${encodeQueryValue(String(value))}`;
}

/** Playbooks offered for one check, config item or component. */
export function playbookListEndpoint(target: PlaybookTarget): Endpoint<PlaybookListItem[]> {
  return { path: `/playbook/list?${targetQuery(target)}`, schema: z.array(playbookListItemSchema) };
}

export function playbookParamsEndpoint(
  playbookId: string,
  target: Partial<Record<'check_id' | 'config_id' | 'component_id', string>>,
  params?: Record<string, unknown>,
): Endpoint<{ params: PlaybookParameter[] }> {
  return {
    method: 'POST',
    path: `/playbook/${encodeURIComponent(playbookId)}/params`,
    body: { id: playbookId, ...target, ...(params ? { params } : {}) },
    schema: z.looseObject({
      params: z
        .array(playbookParameterSchema)
        .nullish()
        .transform((p) => p ?? []),
    }),
  };
}

export interface RunPlaybookRequest {
  id: string;
  check_id?: string;
  config_id?: string;
  component_id?: string;
  params: Record<string, unknown>;
  agent_id?: string;
}

export const runPlaybookResultSchema = z.looseObject({ run_id: z.string(), starts_at: z.string().nullish() });

export function runPlaybookEndpoint(
  body: RunPlaybookRequest,
): Endpoint<z.infer<typeof runPlaybookResultSchema>> {
  return { method: 'POST', path: '/playbook/run', body, schema: runPlaybookResultSchema };
}

const messageSchema = z.looseObject({ message: z.string().nullish() });

export function approvePlaybookRunEndpoint(runId: string): Endpoint<z.infer<typeof messageSchema>> {
  return {
    method: 'POST',
    path: `/playbook/run/approve/${encodeURIComponent(runId)}`,
    schema: messageSchema,
  };
}

export function cancelPlaybookRunEndpoint(runId: string): Endpoint<z.infer<typeof messageSchema>> {
  return { method: 'POST', path: `/playbook/run/cancel/${encodeURIComponent(runId)}`, schema: messageSchema };
}

// Playbook runs (PostgREST): those of a topology component.

export const componentPlaybookRunSchema = z.looseObject({
  id: z.string(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  start_time: z.string().nullish(),
  end_time: z.string().nullish(),
  playbooks: z
    .looseObject({ id: z.string(), name: z.string().nullish(), title: z.string().nullish(), icon: z.string().nullish() })
    .nullish(),
});
export type ComponentPlaybookRun = z.infer<typeof componentPlaybookRunSchema>;

export function componentPlaybookRunsEndpoint(componentId: string): Endpoint<ComponentPlaybookRun[]> {
  const q = pgrst('playbook_runs')
    .eq('component_id', componentId)
    .is('parent_id', null)
    .select('id,status,created_at,start_time,end_time,playbooks(id,name,title,icon)')
    .order('created_at', 'desc')
    .limit(SECTION_ROW_LIMIT)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(componentPlaybookRunSchema) };
}
