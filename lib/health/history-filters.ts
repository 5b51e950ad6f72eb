/** History filters of the check panel (spec 000 §2, §5). */

export const DURATION_VALIDATION_MESSAGE = 'duration is allowed only in milli seconds & seconds';

export const HISTORY_DURATION_OPTIONS = ['100ms', '500ms', '1s', '5s', '10s', '30s'] as const;

export type HistoryStatusFilter = 'all' | 'healthy' | 'unhealthy';

export const HISTORY_STATUS_OPTIONS: readonly { value: HistoryStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'healthy', label: 'Healthy' },
  { value: 'unhealthy', label: 'Unhealthy' },
];

/** Healthy maps to status 1 (passed), Unhealthy to 0 (failed). */
export function historyStatusParam(filter: HistoryStatusFilter): 'passed' | 'failed' | undefined {
  if (filter === 'healthy') return 'passed';
  if (filter === 'unhealthy') return 'failed';
  return undefined;
}

export type DurationParse = { ok: true; ms: number } | { ok: false; error: string };

/** A typed duration is accepted only as a number followed by ms or s; anything else gets the spec's message. */
export function parseDurationFilter(text: string): DurationParse {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s)\s*$/.exec(text);
  if (!m) return { ok: false, error: DURATION_VALIDATION_MESSAGE };
  const n = Number(m[1]);
  return { ok: true, ms: Math.round(m[2] === 's' ? n * 1000 : n) };
}
