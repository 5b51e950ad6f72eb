import { BROWSER_TIMEZONE } from '@/lib/constants';
import { isDateMath, parseDateMath, type DateMathZone } from './date-math';
import { INDEFINITELY, findMappedRange, MAPPED_RANGES } from './ranges';
import { normalizeRelativeRange } from './relative';
import type {
  AbsoluteTimeRange,
  MappedTimeRange,
  RelativeTimeRange,
  ResolvedTimeRange,
  TimeRange,
} from './types';

export interface ResolveOptions {
  now?: Date;
  /** The zone for calendar rounding of mapped ranges (`tz(name)` of @date-fns/tz); undefined = local zone. */
  zone?: DateMathZone;
}

export const INVALID_MAPPED_TIME_RANGE = 'Invalid mapped time range';
export const INVALID_RELATIVE_TIME_RANGE = 'Invalid relative time range';

/**
 * Resolve a relative range to instants. Invalid ranges are logged ('Invalid relative time range')
 * and give null.
 */
export function resolveRelativeRange(
  range: RelativeTimeRange | string,
  options: ResolveOptions = {},
): ResolvedTimeRange | null {
  const raw = typeof range === 'string' ? range : range.range;
  const n = normalizeRelativeRange(raw);
  const now = options.now ?? new Date();
  if (!n) {
    console.error(INVALID_RELATIVE_TIME_RANGE, raw);
    return null;
  }
  if (n === INDEFINITELY) return { from: new Date(now.getTime()), to: null };
  const at = parseDateMath(n, { now, zone: options.zone });
  if (!at) {
    console.error(INVALID_RELATIVE_TIME_RANGE, raw);
    return null;
  }
  return n[3] === '+' ? { from: new Date(now.getTime()), to: at } : { from: at, to: new Date(now.getTime()) };
}

function resolveMappedInner(range: MappedTimeRange, options: ResolveOptions): ResolvedTimeRange | null {
  const known = findMappedRange(range.display);
  const fromExpr = range.from || known?.from;
  const toExpr = range.to || known?.to;
  if (!fromExpr || !toExpr || !isDateMath(fromExpr) || !isDateMath(toExpr)) return null;
  const now = options.now ?? new Date();
  const from = parseDateMath(fromExpr, { now, zone: options.zone });
  const to = parseDateMath(toExpr, { now, zone: options.zone, roundUp: true });
  if (!from || !to) return null;
  return { from, to };
}

/** Resolve a mapped range; invalid ones are logged ('Invalid mapped time range') and give null. */
export function resolveMappedRange(
  range: MappedTimeRange,
  options: ResolveOptions = {},
): ResolvedTimeRange | null {
  const r = resolveMappedInner(range, options);
  if (!r) console.error(INVALID_MAPPED_TIME_RANGE, range);
  return r;
}

/**
 * Mapped range → absolute from/to (the absolute-value path). Logs and throws
 * Error('Invalid mapped time range') when the range cannot be resolved.
 */
export function mappedRangeToAbsolute(
  range: MappedTimeRange,
  options: ResolveOptions = {},
): AbsoluteTimeRange {
  const r = resolveMappedInner(range, options);
  if (!r || !r.to) {
    console.error(INVALID_MAPPED_TIME_RANGE, range);
    throw new Error(INVALID_MAPPED_TIME_RANGE);
  }
  return { type: 'absolute', display: range.display, from: r.from.toISOString(), to: r.to.toISOString() };
}

/** Resolve any time range; null when invalid (and logged for relative/mapped). */
export function resolveTimeRange(
  range: TimeRange | null | undefined,
  options: ResolveOptions = {},
): ResolvedTimeRange | null {
  if (!range) return null;
  switch (range.type) {
    case 'relative':
      return resolveRelativeRange(range, options);
    case 'mapped':
      return resolveMappedRange(range, options);
    case 'absolute': {
      const from = parseDateMath(range.from, options);
      const to = parseDateMath(range.to, { ...options, roundUp: true });
      if (!from || !to) return null;
      return { from, to };
    }
    default:
      return null;
  }
}

/**
 * 'yyyy-MM-dd HH:mm' in the zone through Intl rather than date-fns' format, whose formatters and locale (~5 kB)
 * would otherwise load with every list that resolves a time range.
 */
function minuteText(date: Date, timezone: string | undefined): string {
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      ...options,
      timeZone: timezone === BROWSER_TIMEZONE ? undefined : timezone || undefined,
    });
  } catch {
    format = new Intl.DateTimeFormat('en-US', options); // an unknown zone reads as the browser's, as formatDateTime does
  }
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** Build an absolute range with a display text from two instants. */
/** A range as the ISO bounds of a list request (null = open on that side); queries resolve it when they fetch. */
export function rangeWindow(
  range: TimeRange | null | undefined,
  options: ResolveOptions = {},
): { from: string | null; to: string | null } {
  const resolved = resolveTimeRange(range, options);
  return { from: resolved?.from.toISOString() ?? null, to: resolved?.to?.toISOString() ?? null };
}

export function absoluteRange(from: Date, to: Date, timezone?: string): AbsoluteTimeRange {
  return {
    type: 'absolute',
    display: `${minuteText(from, timezone)} to ${minuteText(to, timezone)}`,
    from: from.toISOString(),
    to: to.toISOString(),
  };
}

/** Structural equality of two ranges (for highlighting the selected option). */
export function sameTimeRange(a: TimeRange | null | undefined, b: TimeRange | null | undefined): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'relative' && b.type === 'relative')
    return normalizeRelativeRange(a.range) === normalizeRelativeRange(b.range);
  if (a.type === 'mapped' && b.type === 'mapped') return a.display === b.display;
  if (a.type === 'absolute' && b.type === 'absolute') return a.from === b.from && a.to === b.to;
  return false;
}

export { MAPPED_RANGES };

// Reading a relative range needs no date-fns: ./relative, which the URL parsing (./url) uses on first paint.
export { normalizeRelativeRange, relativeDisplay } from './relative';

// Kept in its own module so that callers needing only the start (the health list's default range) do not load
// the date formatter this module uses.
export { simpleTimeRangeStart } from './simple-start';
