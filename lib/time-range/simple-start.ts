import { addMonths, addYears, addDays, addWeeks, addHours, addMinutes } from 'date-fns';
import { isSimpleTimeRange } from './ranges';

/**
 * Start instant of a simple dropdown option (001 §9: 15m … 5y; 'mo' = calendar months,
 * 'y' = calendar years). Returns null for an unknown option.
 */
export function simpleTimeRangeStart(value: string, now: Date = new Date()): Date | null {
  if (!isSimpleTimeRange(value)) return null;
  const m = /^(\d+)(mo|m|h|d|w|y)$/.exec(value);
  if (!m) return null;
  const n = -Number(m[1]);
  switch (m[2]) {
    case 'm':
      return addMinutes(now, n);
    case 'h':
      return addHours(now, n);
    case 'd':
      return addDays(now, n);
    case 'w':
      return addWeeks(now, n);
    case 'mo':
      return addMonths(now, n);
    case 'y':
      return addYears(now, n);
    default:
      return null;
  }
}
