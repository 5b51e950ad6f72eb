const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};

/**
 * Refresh-rate strings such as 30s, 5m, 1h, 1d, 1w to milliseconds.
 * 'None', empty, zero or anything unparsable disables refresh and returns null.
 */
export function refreshRateToMs(rate: string | null | undefined): number | null {
  if (!rate) return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/i.exec(rate);
  if (!m) return null;
  const n = Number(m[1]);
  const unit = UNIT_MS[(m[2] ?? '').toLowerCase()];
  if (!unit || !Number.isFinite(n) || n <= 0) return null;
  return Math.round(n * unit);
}
