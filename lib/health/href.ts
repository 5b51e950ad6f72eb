import type { SimpleTimeRange } from '@/lib/time-range/simple';

/**
 * The address of a check's panel from anywhere (spec 001 §2.1: checkId and timeRange=1h unless given), apart from
 * search.ts so that a link does not load the health contract into another screen's first load. search.ts
 * re-exports it; a unit test keeps it equal to the contract's own writing.
 */
export function checkHref(checkId: string, timeRange: SimpleTimeRange = '1h'): string {
  return `/health?${new URLSearchParams({ checkId, timeRange })}`;
}
