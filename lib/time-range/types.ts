/** Time range model (001 §3.7): type, display, from, to, range. */
export type TimeRangeType = 'absolute' | 'relative' | 'mapped';

/** Absolute: from/to are ISO date-time strings. */
export interface AbsoluteTimeRange {
  type: 'absolute';
  display: string;
  from: string;
  to: string;
}

/**
 * Relative: `range` is a date-math expression relative to now: 'now-15m' (past),
 * 'now+15m' (future) or 'indefinitely' (from now, open-ended).
 */
export interface RelativeTimeRange {
  type: 'relative';
  display: string;
  range: string;
}

/** Mapped: a named range whose from/to are rounded date-math expressions, e.g. now-1d/d. */
export interface MappedTimeRange {
  type: 'mapped';
  display: string;
  from: string;
  to: string;
}

export type TimeRange = AbsoluteTimeRange | RelativeTimeRange | MappedTimeRange;

/** A range resolved to concrete instants. `to` is null for an open-ended (Indefinitely) range. */
export interface ResolvedTimeRange {
  from: Date;
  to: Date | null;
}
