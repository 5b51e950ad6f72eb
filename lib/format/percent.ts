/** Percentages use one decimal: 99.5%. Returns '' for missing/invalid input. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return `${value.toFixed(1)}%`;
}

/** passed / (passed + failed) as a percentage with one decimal; '' when there is no data. */
export function formatUptime(passed: number | null | undefined, failed: number | null | undefined): string {
  const p = passed ?? 0;
  const f = failed ?? 0;
  const total = p + f;
  if (!total) return '';
  return formatPercent((p / total) * 100);
}
