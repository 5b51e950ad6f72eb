import { durationLabel, INDEFINITELY, INDEFINITELY_DISPLAY } from './ranges';
import type { RelativeTimeRange } from './types';

// The picker's lists, apart from ranges.ts: the URL contracts need durationLabel and the mapped ranges on every page
// with a time range, the lists only once the picker's popover opens.

/** Past quick ranges (000 §9, 001 §9). M = months. */
export const PAST_QUICK_RANGES = [
  '5m',
  '15m',
  '30m',
  '1h',
  '3h',
  '6h',
  '12h',
  '24h',
  '2d',
  '7d',
  '30d',
  '90d',
  '6M',
  '1y',
  '2y',
  '5y',
] as const;

function pastRange(short: string): RelativeTimeRange {
  return { type: 'relative', display: durationLabel(short), range: `now-${short}` };
}

function futureRange(short: string): RelativeTimeRange {
  return { type: 'relative', display: `Next ${durationLabel(short)}`, range: `now+${short}` };
}

export const PAST_RELATIVE_RANGES: readonly RelativeTimeRange[] = PAST_QUICK_RANGES.map(pastRange);

/** Future ranges: Indefinitely and the same set forward. */
export const FUTURE_RELATIVE_RANGES: readonly RelativeTimeRange[] = [
  { type: 'relative', display: INDEFINITELY_DISPLAY, range: INDEFINITELY },
  ...PAST_QUICK_RANGES.map(futureRange),
];
