/** Run statuses (backend-contract §1.3) and what each allows on the run page. */

export const RUN_STATUSES = [
  'scheduled',
  'pending_approval',
  'running',
  'waiting',
  'sleeping',
  'retrying',
  'completed',
  'failed',
  'cancelled',
  'timed_out',
] as const;

export const PLAYBOOK_RUN_SORTS = ['created_at', 'start_time', 'end_time', 'status'] as const;

const FINAL = new Set(['completed', 'failed', 'cancelled', 'timed_out']);

/** A run is live until it is completed, failed or cancelled (spec: refresh every 2 s until then; timed_out is final too). */
export const isFinalRunStatus = (status: string | null | undefined) => FINAL.has(status ?? '');

/** How often the run page refreshes a live run. */
export const LIVE_RUN_REFRESH_MS = 2000;

/** Cancel is offered while the run has not finished (pending approval, scheduled or running in any form). */
export const isCancellable = (status: string | null | undefined) => !!status && !isFinalRunStatus(status);

export const isAwaitingApproval = (status: string | null | undefined) => status === 'pending_approval';

/** The run's duration in ms: to its end, or to now while it runs; null before it starts. */
export function runDurationMs(
  run: { start_time?: string | null; end_time?: string | null },
  now = Date.now(),
): number | null {
  if (!run.start_time) return null;
  const start = Date.parse(run.start_time);
  const end = run.end_time ? Date.parse(run.end_time) : now;
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, end - start) : null;
}
