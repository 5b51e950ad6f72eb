import { z } from 'zod';
import type { Endpoint, SortedPageParams } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/** Job history (spec 001 §2.2, §3.4; backend-contract §1.4 `job_histories`, admin-only: database.monitor). */

export const jobHistorySchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  resource_type: z.string().nullish(),
  resource_id: z.string().nullish(),
  resource_name: z.string().nullish(),
  status: z.string().nullish(),
  duration_millis: z.number().nullish(),
  success_count: z.number().nullish(),
  error_count: z.number().nullish(),
  hostname: z.string().nullish(),
  time_start: z.string().nullish(),
  time_end: z.string().nullish(),
  created_at: z.string().nullish(),
  agent: z.looseObject({ id: z.string().nullish(), name: z.string().nullish() }).nullish(),
  details: z.record(z.string(), z.unknown()).nullish(),
});
export type JobHistory = z.infer<typeof jobHistorySchema>;

/** A job history page; its sortBy is a column of the view (null: newest first). */
export interface JobHistoryListParams extends SortedPageParams {
  /** Job names to include / exclude (`name.filter`). */
  names: { include: readonly string[]; exclude: readonly string[] };
  statuses: { include: readonly string[]; exclude: readonly string[] };
  /** Resource types to include (`resource_type.filter`); empty: every type. */
  resourceTypes: readonly string[];
  /** A fixed resource (a resource page's Job History tab). */
  resourceId: string | null;
  minDurationMs: number | null;
  /** Date math (`now-2d`, `now-1d/d`) or ISO instants, evaluated by the backend's `.filter`; null leaves that side open. */
  from: string | null;
  to: string | null;
}

/** One page of jobs with the total, as the earlier console asked for it (upstream §2.9), every filter applied. */
export function jobHistoryEndpoint(p: JobHistoryListParams): Endpoint<JobHistory[]> {
  const q = pgrst('job_histories').select('*');
  q.filter('resource_type', p.resourceTypes);
  if (p.resourceId) q.eq('resource_id', p.resourceId);
  q.filter('name', p.names.include, p.names.exclude);
  q.filter('status', p.statuses.include, p.statuses.exclude);
  if (p.minDurationMs !== null) q.gte('duration_millis', p.minDurationMs);
  // The backend evaluates date math, so the server render and the browser ask for the same window.
  q.filter('created_at', [p.from ? `>${p.from}` : '', p.to ? `<${p.to}` : ''].filter(Boolean));
  q.order(p.sortBy ?? 'created_at', p.sortBy ? (p.sortDesc ? 'desc' : 'asc') : 'desc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(jobHistorySchema) };
}

/** One job by id (the details dialog opened from a link). */
export function jobEndpoint(id: string): Endpoint<JobHistory[]> {
  const q = pgrst('job_histories').select('*').eq('id', id);
  return { path: q.toPath(), schema: z.array(jobHistorySchema) };
}

export const jobNameSchema = z.looseObject({ name: z.string().nullish() });

/** The job name filter's options. */
export function jobHistoryNamesEndpoint(): Endpoint<z.infer<typeof jobNameSchema>[]> {
  const q = pgrst('job_history_names').select('name').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(jobNameSchema) };
}
