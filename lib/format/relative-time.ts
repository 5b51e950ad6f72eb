import { AGO_MAX_AGE_MS } from '@/lib/constants';

export type DateInput = Date | string | number;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** Parse a date-ish value; returns null for missing or invalid input. */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A duration in ms as a shortened relative unit: 45s, 1m, 1h, 1d, 1mo, 1y.
 * Always floors (59 minutes is '59m', 60 is '1h').
 */
export function shortRelativeFromMs(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return `${Math.floor(abs / SECOND)}s`;
  if (abs < HOUR) return `${Math.floor(abs / MINUTE)}m`;
  if (abs < DAY) return `${Math.floor(abs / HOUR)}h`;
  if (abs < MONTH) return `${Math.floor(abs / DAY)}d`;
  if (abs < YEAR) return `${Math.floor(abs / MONTH)}mo`;
  return `${Math.floor(abs / YEAR)}y`;
}

/** Shortened relative time between a date and now ('1m', '1h', '1d', '1mo', '1y'); '' for invalid input. */
export function formatRelativeShort(
  value: DateInput | null | undefined,
  now: DateInput = Date.now(),
): string {
  const d = toDate(value);
  const n = toDate(now);
  if (!d || !n) return '';
  return shortRelativeFromMs(n.getTime() - d.getTime());
}

/** '5m ago' for past dates, 'in 5m' for future ones; '' for invalid input. */
export function formatAgo(value: DateInput | null | undefined, now: DateInput = Date.now()): string {
  const d = toDate(value);
  const n = toDate(now);
  if (!d || !n) return '';
  const diff = n.getTime() - d.getTime();
  const s = shortRelativeFromMs(diff);
  return diff >= 0 ? `${s} ago` : `in ${s}`;
}

/** The 'ago' cell shows only if the date is under 7 days old. */
export function showAgoCell(value: DateInput | null | undefined, now: DateInput = Date.now()): boolean {
  const d = toDate(value);
  const n = toDate(now);
  if (!d || !n) return false;
  return n.getTime() - d.getTime() < AGO_MAX_AGE_MS;
}

/** The 'ago' cell text: '3h ago' when under 7 days, otherwise null (render nothing). */
export function agoCell(value: DateInput | null | undefined, now: DateInput = Date.now()): string | null {
  return showAgoCell(value, now) ? formatAgo(value, now) : null;
}
