import type { SimpleTimeRange } from '@/lib/time-range/simple';
import type { TimeRange } from '@/lib/time-range/types';
import {
  parseTimeRangeParams,
  timeRangeToParamValues,
  type TIME_RANGE_PARAM_KEYS,
} from '@/lib/time-range/url';

// A contract's parameters, apart so that a contract does not load the range parsing below.
export { timeRangeParams } from './time-range-params';

type TimeRangeValues = { [K in (typeof TIME_RANGE_PARAM_KEYS)[number]]?: string | null };

/** The picked range of a state, or null (none, or an invalid one, which is logged). */
export function timeRangeOf(values: TimeRangeValues): TimeRange | null {
  return parseTimeRangeParams(values);
}

/** The patch that picks a range: its own keys set, stale ones removed; null (Clear) removes them all. */
export function timeRangePatch(range: TimeRange | null): {
  rangeType: string | null;
  display: string | null;
  from: string | null;
  to: string | null;
  range: string | null;
  timeRange: SimpleTimeRange | null;
} {
  const values = timeRangeToParamValues(range);
  return { ...values, timeRange: null };
}
