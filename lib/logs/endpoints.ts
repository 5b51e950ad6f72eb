import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** POST /logs (backend-contract §2.1): the log selector of a component, streamed through from the log backend. */

export interface LogSearchRequest {
  /** Component id. */
  id: string;
  /** Log selector name; empty = the component's first selector. */
  name?: string;
  labels?: Record<string, string>;
  /** Matches the message or a label value. */
  query?: string;
  /** RFC3339 instants (the earlier console never sent its range; this one does). */
  start?: string;
  end?: string;
  limit?: number;
}

export const logLineSchema = z.looseObject({
  message: z.string().nullish(),
  timestamp: z.string().nullish(),
  labels: z.record(z.string(), z.unknown()).nullish(),
});
export type LogLine = z.infer<typeof logLineSchema>;

export const logSearchSchema = z.looseObject({
  total: z.number().nullish(),
  results: z
    .array(logLineSchema)
    .nullish()
    .transform((r) => r ?? []),
});
export type LogSearch = z.infer<typeof logSearchSchema>;

export function logSearchEndpoint(body: LogSearchRequest): Endpoint<LogSearch> {
  return {
    method: 'POST',
    path: '/logs',
    body: {
      id: body.id,
      name: body.name ?? '',
      ...(body.labels ? { labels: body.labels } : {}),
      ...(body.query ? { query: body.query } : {}),
      ...(body.start ? { start: body.start } : {}),
      ...(body.end ? { end: body.end } : {}),
      ...(body.limit ? { limit: body.limit } : {}),
    },
    schema: logSearchSchema,
  };
}

export const logComponentSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  icon: z.string().nullish(),
  type: z.string().nullish(),
  path: z.string().nullish(),
  parent_id: z.string().nullish(),
  log_selectors: z
    .array(z.looseObject({ name: z.string(), labels: z.record(z.string(), z.unknown()).nullish() }))
    .nullish(),
});
export type LogComponent = z.infer<typeof logComponentSchema>;

/** The component picker: components that have log selectors (database read). */
export function componentsWithLogsEndpoint(): Endpoint<LogComponent[]> {
  const q = pgrst('components_with_logs').select('id,name,icon,type').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(logComponentSchema) };
}

/** The chosen component with its log selectors and path (for the breadcrumb). */
export function logComponentEndpoint(id: string): Endpoint<LogComponent[]> {
  const q = pgrst('components').select('id,name,icon,type,path,parent_id,log_selectors').eq('id', id);
  return { path: q.toPath(), schema: z.array(logComponentSchema) };
}
