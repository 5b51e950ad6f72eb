import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import { CANARY_SELECT, CHECK_DETAIL_SELECT } from '@/lib/backend/standalone-reads';

/** PostgREST reads under /db that the first screens need (backend-contract §4.3, health modal). */

const named = z.looseObject({ id: z.string(), name: z.string().nullish() });

export const checkDetailSchema = z.looseObject({
  id: z.string(),
  canary_id: z.string().nullish(),
  name: z.string().nullish(),
  icon: z.string().nullish(),
  type: z.string().nullish(),
  status: z.string().nullish(),
  severity: z.string().nullish(),
  spec: z.unknown().optional(),
  next_runtime: z.string().nullish(),
  last_runtime: z.string().nullish(),
  last_transition_time: z.string().nullish(),
  canaries: z
    .looseObject({ id: z.string(), name: z.string().nullish(), source: z.string().nullish() })
    .nullish(),
  agents: named.nullish(),
  components: z
    .array(z.looseObject({ components: named.extend({ icon: z.string().nullish() }).nullish() }))
    .nullish(),
  configs: z
    .array(z.looseObject({ configs: named.extend({ type: z.string().nullish() }).nullish() }))
    .nullish(),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

/** The check of the health modal with its canary, agent and related components/configs. */
export function checkDetailEndpoint(id: string): Endpoint<CheckDetail[]> {
  const q = pgrst('checks').eq('id', id).select(CHECK_DETAIL_SELECT);
  return { path: q.toPath(), schema: z.array(checkDetailSchema) };
}

export const checkStatusSchema = z.looseObject({
  check_id: z.string().nullish(),
  time: z.string(),
  duration: z.number().nullish(),
  status: z.boolean().nullish(),
  message: z.string().nullish(),
  error: z.string().nullish(),
});
export type CheckStatus = z.infer<typeof checkStatusSchema>;

export interface CheckHistoryParams {
  checkId: string;
  /** ISO time; rows newer than it. */
  since: string;
  status?: 'passed' | 'failed';
  /** Minimum duration in ms. */
  minDuration?: number;
  pageIndex?: number;
  pageSize?: number;
}

export const CHECK_HISTORY_PAGE_SIZE = 50;

/** One page of a check's status history, newest first, with the total (Content-Range). */
export function checkStatusesEndpoint(p: CheckHistoryParams): Endpoint<CheckStatus[]> {
  const q = pgrst('check_statuses').eq('check_id', p.checkId).gt('time', p.since).order('time', 'desc');
  if (p.status) q.eq('status', p.status === 'passed' ? 1 : 0);
  if (p.minDuration !== undefined) q.gte('duration', p.minDuration);
  q.page(p.pageIndex ?? 0, p.pageSize ?? CHECK_HISTORY_PAGE_SIZE).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(checkStatusSchema) };
}

export const canarySchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  source: z.string().nullish(),
  spec: z.unknown().optional(),
});
export type Canary = z.infer<typeof canarySchema>;

/** The canary of the check panel (its spec tab); standalone mode allows exactly this select (standalone-reads.ts). */

export function canaryEndpoint(id: string): Endpoint<Canary[]> {
  const q = pgrst('canaries').eq('id', id).select(CANARY_SELECT);
  return { path: q.toPath(), schema: z.array(canarySchema) };
}
