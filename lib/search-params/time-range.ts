import { param, type Param } from '@/lib/search-params/define';
import { SIMPLE_TIME_RANGE_OPTIONS, type SimpleTimeRange } from '@/lib/time-range/simple';
import type { TimeRange } from '@/lib/time-range/types';
import {
  parseTimeRangeParams,
  timeRangeToParamValues,
  type TIME_RANGE_PARAM_KEYS,
} from '@/lib/time-range/url';

/**
 * The time-range picker's URL parameters (spec 000 §4: rangeType, display, from, to, range, timeRange), to spread
 * into a screen's contract. A new range returns a paged list to its first page.
 */
export function timeRangeParams(): {
  rangeType: Param<string | null>;
  display: Param<string | null>;
  from: Param<string | null>;
  to: Param<string | null>;
  range: Param<string | null>;
  timeRange: Param<SimpleTimeRange | null>;
} {
  return {
    rangeType: param.optionalString().resettingPage(),
    display: param.optionalString().resettingPage(),
    from: param.optionalString().resettingPage(),
    to: param.optionalString().resettingPage(),
    range: param.optionalString().resettingPage(),
    timeRange: param.optionalOneOf(SIMPLE_TIME_RANGE_OPTIONS).resettingPage(),
  };
}

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
