import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

/** POST /logs (backend-contract §2.1): the log selector of a component, streamed through from the log backend. */

export interface LogSearchRequest {
  /** Component id. */
  id: string;
  /** Log selector name; empty = the component's first selector. */
  name?: string;
  labels?: Record<string, string>;
}

export const logLineSchema = z.looseObject({
  message: z.string().nullish(),
  timestamp: z.string().nullish(),
  labels: z.record(z.string(), z.unknown()).nullish(),
});

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
    body: { id: body.id, name: body.name ?? '', ...(body.labels ? { labels: body.labels } : {}) },
    schema: logSearchSchema,
  };
}
