import { SIMPLE_TIME_RANGE_OPTIONS, type SimpleTimeRange } from './simple';
import type { MappedTimeRange } from './types';

export const INDEFINITELY = 'indefinitely';
export const INDEFINITELY_DISPLAY = 'Indefinitely';

const UNIT_NAMES: Record<string, [string, string]> = {
  s: ['second', 'seconds'],
  m: ['minute', 'minutes'],
  h: ['hour', 'hours'],
  d: ['day', 'days'],
  w: ['week', 'weeks'],
  M: ['month', 'months'],
  mo: ['month', 'months'],
  y: ['year', 'years'],
};

/** '15m' → '15 minutes', '1h' → '1 hour', '6M' / '6mo' → '6 months'. Returns the input if unknown. */
export function durationLabel(short: string): string {
  const m = /^(\d+)(mo|[smhdwMy])$/.exec(short);
  if (!m) return short;
  const n = Number(m[1]);
  const names = UNIT_NAMES[m[2] ?? ''];
  if (!names) return short;
  return `${n} ${n === 1 ? names[0] : names[1]}`;
}

/** Mapped quick ranges (000 §9), as rounded date-math (weeks start on Monday). */
export const MAPPED_RANGES: readonly MappedTimeRange[] = [
  { type: 'mapped', display: 'Yesterday', from: 'now-1d/d', to: 'now-1d/d' },
  { type: 'mapped', display: 'Day before yesterday', from: 'now-2d/d', to: 'now-2d/d' },
  { type: 'mapped', display: 'This day last week', from: 'now-7d/d', to: 'now-7d/d' },
  { type: 'mapped', display: 'Previous week', from: 'now-1w/w', to: 'now-1w/w' },
  { type: 'mapped', display: 'Previous month', from: 'now-1M/M', to: 'now-1M/M' },
  { type: 'mapped', display: 'Previous year', from: 'now-1y/y', to: 'now-1y/y' },
  { type: 'mapped', display: 'Today', from: 'now/d', to: 'now/d' },
  { type: 'mapped', display: 'Today so far', from: 'now/d', to: 'now' },
  { type: 'mapped', display: 'This week', from: 'now/w', to: 'now/w' },
  { type: 'mapped', display: 'This week so far', from: 'now/w', to: 'now' },
  { type: 'mapped', display: 'This month', from: 'now/M', to: 'now/M' },
  { type: 'mapped', display: 'This month so far', from: 'now/M', to: 'now' },
  { type: 'mapped', display: 'This year', from: 'now/y', to: 'now/y' },
  { type: 'mapped', display: 'This year so far', from: 'now/y', to: 'now' },
];

export function findMappedRange(display: string | null | undefined): MappedTimeRange | undefined {
  if (!display) return undefined;
  return MAPPED_RANGES.find((r) => r.display.toLowerCase() === display.toLowerCase());
}

// The simple dropdown's values live in ./simple (the URL contracts need them without the range tables).
export {
  DEFAULT_SIMPLE_TIME_RANGE,
  isSimpleTimeRange,
  SIMPLE_TIME_RANGE_OPTIONS,
  type SimpleTimeRange,
} from './simple';

export const SIMPLE_TIME_RANGE_ITEMS: readonly { value: SimpleTimeRange; label: string }[] =
  SIMPLE_TIME_RANGE_OPTIONS.map((value) => ({ value, label: durationLabel(value) }));
