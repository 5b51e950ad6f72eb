/** Simple time-range dropdown options (001 §9). The default is the second option, 1h. */
export const SIMPLE_TIME_RANGE_OPTIONS = [
  '15m',
  '1h',
  '2h',
  '3h',
  '6h',
  '12h',
  '1d',
  '2d',
  '3d',
  '1w',
  '2w',
  '3w',
  '1mo',
  '2mo',
  '3mo',
  '6mo',
  '1y',
  '2y',
  '3y',
  '5y',
] as const;
export type SimpleTimeRange = (typeof SIMPLE_TIME_RANGE_OPTIONS)[number];
export const DEFAULT_SIMPLE_TIME_RANGE: SimpleTimeRange = '1h';

export function isSimpleTimeRange(v: unknown): v is SimpleTimeRange {
  return typeof v === 'string' && (SIMPLE_TIME_RANGE_OPTIONS as readonly string[]).includes(v);
}

/**
 * A simple option as backend datemath ('1mo' → 'now-1M'): datemath writes calendar months as M, so `now-1mo` is a
 * 400 from the backend.
 */
export function simpleTimeRangeDatemath(value: SimpleTimeRange): string {
  return `now-${value.replace(/mo$/, 'M')}`;
}
