import { toDate, type DateInput } from '@/lib/format/relative-time';
import { simpleTimeRangeStart } from './simple-start';
import { DEFAULT_SIMPLE_TIME_RANGE, SIMPLE_TIME_RANGE_OPTIONS, type SimpleTimeRange } from './ranges';

/** Buckets for the default range: the simple options from 1h to 5y. */
export const DEFAULT_RANGE_BUCKETS: readonly SimpleTimeRange[] = SIMPLE_TIME_RANGE_OPTIONS.slice(
  SIMPLE_TIME_RANGE_OPTIONS.indexOf('1h'),
);

/**
 * Default time range derived from the last run age (000 §9): the smallest bucket from 1h to 5y
 * whose window still contains the last run. The age is now − last run (the upstream console
 * computed last run − now, which is negative and always gave 1h). Missing, invalid or future
 * last runs give 1h; anything older than 5 years gives 5y.
 */
export function defaultTimeRangeFromLastRun(
  lastRun: DateInput | null | undefined,
  now: Date = new Date(),
): SimpleTimeRange {
  const last = toDate(lastRun);
  if (!last || last.getTime() >= now.getTime()) return DEFAULT_SIMPLE_TIME_RANGE;
  for (const bucket of DEFAULT_RANGE_BUCKETS) {
    const start = simpleTimeRangeStart(bucket, now);
    if (start && start.getTime() <= last.getTime()) return bucket;
  }
  return '5y';
}
