/**
 * Duration display (001 §9): under 1000 ms in ms; under 60 s in seconds;
 * otherwise minutes (under an hour) or hours. Returns '' for missing/invalid input.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${trim(abs, 0)}ms`;
  if (abs < 60_000) return `${sign}${trim(abs / 1000, 2)}s`;
  if (abs < 3_600_000) return `${sign}${trim(abs / 60_000, 2)}m`;
  return `${sign}${trim(abs / 3_600_000, 2)}h`;
}

/** Truncate (not round) to `digits` decimals so 59999 ms stays '59.99s', not '60s'. */
function trim(n: number, digits: number): string {
  const f = 10 ** digits;
  return String(Math.floor(n * f + 1e-9) / f);
}
