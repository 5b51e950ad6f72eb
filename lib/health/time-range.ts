import { simpleTimeRangeStart } from '@/lib/time-range/simple-start';
import { defaultTimeRangeFromLastRun } from '@/lib/time-range/default-range';
import type { SimpleTimeRange } from '@/lib/time-range/ranges';

/**
 * The check panel's time range: the URL's when present, otherwise derived from the last run age (spec 000 §9),
 * measured from now (the earlier console always got 1h, defect 5).
 */
export function checkTimeRange(
  urlValue: SimpleTimeRange | null,
  lastRuntime: string | null | undefined,
  now = new Date(),
): SimpleTimeRange {
  return urlValue ?? defaultTimeRangeFromLastRun(lastRuntime, now);
}

/** The ISO start of a window ending now (exactly N units back, not from the top of the hour: defect 6). */
export function timeRangeStartIso(range: SimpleTimeRange, now = new Date()): string {
  return (simpleTimeRangeStart(range, now) ?? new Date(now.getTime() - 3_600_000)).toISOString();
}
