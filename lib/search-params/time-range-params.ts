import { param, type Param } from '@/lib/search-params/define';
import { SIMPLE_TIME_RANGE_OPTIONS, type SimpleTimeRange } from '@/lib/time-range/simple';

/**
 * The time-range picker's URL parameters (spec 000 §4: rangeType, display, from, to, range, timeRange), to spread
 * into a screen's contract. A new range returns a paged list to its first page. Apart from ./time-range.ts, whose
 * range parsing a contract does not need (a screen that reads the range only in its request loads it later).
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
