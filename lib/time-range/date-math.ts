import {
  addDays,
  addHours,
  addMinutes,
  addMonths,
  addSeconds,
  addWeeks,
  addYears,
  endOfDay,
  endOfHour,
  endOfMinute,
  endOfMonth,
  endOfSecond,
  endOfWeek,
  endOfYear,
  startOfDay,
  startOfHour,
  startOfMinute,
  startOfMonth,
  startOfSecond,
  startOfWeek,
  startOfYear,
} from 'date-fns';
import type { TZDate } from '@date-fns/tz';
import { DATE_MATH_TOKEN, isDateMath } from './expression';

export type DateMathUnit = 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';

export interface DateMathOptions {
  /** Reference instant (default: now). */
  now?: Date;
  /** Round to the end of the unit instead of the start (used for "to"). */
  roundUp?: boolean;
  /**
   * The zone for calendar rounding, as @date-fns/tz's context (`tz('Europe/Berlin')`); undefined = local zone. A
   * context rather than a zone name, so that lists rounding in the local zone do not load @date-fns/tz (1.7 kB).
   */
  zone?: DateMathZone;
}

/** A date-fns context function putting instants in one zone: @date-fns/tz's `tz(name)`. */
export type DateMathZone = (value: Date | number | string) => TZDate;

type Ctx = { in?: DateMathZone; weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6 };

const ADD: Record<DateMathUnit, (d: Date, n: number, c: Ctx) => Date> = {
  s: (d, n, c) => addSeconds(d, n, c),
  m: (d, n, c) => addMinutes(d, n, c),
  h: (d, n, c) => addHours(d, n, c),
  d: (d, n, c) => addDays(d, n, c),
  w: (d, n, c) => addWeeks(d, n, c),
  M: (d, n, c) => addMonths(d, n, c),
  y: (d, n, c) => addYears(d, n, c),
};

const START: Record<DateMathUnit, (d: Date, c: Ctx) => Date> = {
  s: (d, c) => startOfSecond(d, c),
  m: (d, c) => startOfMinute(d, c),
  h: (d, c) => startOfHour(d, c),
  d: (d, c) => startOfDay(d, c),
  w: (d, c) => startOfWeek(d, c),
  M: (d, c) => startOfMonth(d, c),
  y: (d, c) => startOfYear(d, c),
};

const END: Record<DateMathUnit, (d: Date, c: Ctx) => Date> = {
  s: (d, c) => endOfSecond(d, c),
  m: (d, c) => endOfMinute(d, c),
  h: (d, c) => endOfHour(d, c),
  d: (d, c) => endOfDay(d, c),
  w: (d, c) => endOfWeek(d, c),
  M: (d, c) => endOfMonth(d, c),
  y: (d, c) => endOfYear(d, c),
};

// The syntax lives apart from the evaluation, so reading a range from the URL does not load date-fns.
export { isDateMath } from './expression';

/**
 * Evaluate a date-math expression ('now', 'now-15m', 'now-1d/d', 'now/w') or an ISO date.
 * Weeks start on Monday. Returns null when the expression is invalid.
 */
export function parseDateMath(expr: string | null | undefined, options: DateMathOptions = {}): Date | null {
  if (!expr) return null;
  const text = expr.trim();
  if (!text.startsWith('now')) {
    // Only accept real date strings (not bare numbers such as "15").
    if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  if (!isDateMath(text)) return null;
  const ctx: Ctx = { weekStartsOn: 1, ...(options.zone ? { in: options.zone } : {}) };
  let d: Date = new Date((options.now ?? new Date()).getTime());
  for (const m of text.slice(3).matchAll(DATE_MATH_TOKEN)) {
    if (m[4]) {
      const unit = m[4] as DateMathUnit;
      d = options.roundUp ? END[unit](d, ctx) : START[unit](d, ctx);
    } else {
      const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
      d = ADD[m[3] as DateMathUnit](d, n, ctx);
    }
  }
  return new Date(d.getTime());
}
