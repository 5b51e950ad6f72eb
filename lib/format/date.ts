import { format as formatFns, isSameDay, isSameYear, differenceInCalendarDays } from 'date-fns';
import { tz, tzOffset } from '@date-fns/tz';
import {
  BROWSER_TIMEZONE,
  DATETIME_FORMATS,
  DEFAULT_DATETIME_FORMAT,
  type DateTimeFormatPreference,
} from '@/lib/constants';
import { formatRelativeShort, toDate, type DateInput } from './relative-time';

export type { DateTimeFormatPreference };

export interface DateFormatOptions {
  /** Preference: short, medium, full or timestamp (default timestamp). */
  format?: DateTimeFormatPreference | string | null;
  /** 'Browser' (default) or an IANA zone. */
  timezone?: string | null;
  /** Reference "now" for the short/medium forms (tests, SSR consistency). */
  now?: DateInput;
}

export function isDateTimeFormat(v: unknown): v is DateTimeFormatPreference {
  return typeof v === 'string' && (DATETIME_FORMATS as readonly string[]).includes(v);
}

export function normalizeDateTimeFormat(v: unknown): DateTimeFormatPreference {
  return isDateTimeFormat(v) ? v : DEFAULT_DATETIME_FORMAT;
}

/** True when the zone is a valid IANA zone name accepted by Intl. */
export function isValidTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Resolve 'Browser'/empty/invalid to undefined (= local zone), otherwise the IANA zone. */
export function resolveTimezone(zone: string | null | undefined): string | undefined {
  if (!zone || zone === BROWSER_TIMEZONE) return undefined;
  return isValidTimezone(zone) ? zone : undefined;
}

/**
 * Format a date by the user's preference:
 * - timestamp: 2025-01-01 10:30:01.999
 * - full:      Jan 1, 2025 10:30:01.999
 * - medium:    10:30 (today), Mon 10:30 (past week), Jan 1 10:30 (this year), Jan 2, 2024 10:30
 * - short:     relative, 1m / 1h / 1d / 1mo / 1y
 * Returns '' for missing/invalid dates.
 */
export function formatDateTime(value: DateInput | null | undefined, options: DateFormatOptions = {}): string {
  const d = toDate(value);
  if (!d) return '';
  const pref = normalizeDateTimeFormat(options.format);
  const zone = resolveTimezone(options.timezone);
  const inOpt = zone ? { in: tz(zone) } : {};
  const fmt = (pattern: string, date: Date = d) => formatFns(date, pattern, inOpt);
  switch (pref) {
    case 'short':
      return formatRelativeShort(d, options.now ?? Date.now());
    case 'medium': {
      const now = toDate(options.now ?? Date.now()) ?? new Date();
      if (isSameDay(d, now, inOpt)) return fmt('HH:mm');
      const days = differenceInCalendarDays(now, d, inOpt);
      if (days > 0 && days < 7) return fmt('EEE HH:mm');
      if (isSameYear(d, now, inOpt)) return fmt('MMM d HH:mm');
      return fmt('MMM d, yyyy HH:mm');
    }
    case 'full':
      return fmt('MMM d, yyyy HH:mm:ss.SSS');
    case 'timestamp':
    default:
      return fmt('yyyy-MM-dd HH:mm:ss.SSS');
  }
}

/**
 * Always-absolute form (tooltips), saying its zone: 'short' and 'medium' fall back to timestamp, followed by the
 * chosen zone's name or, for Browser, the local offset at that time ('2025-01-01 10:30:01.999 UTC+01:00').
 */
export function formatDateTimeAbsolute(
  value: DateInput | null | undefined,
  options: DateFormatOptions = {},
): string {
  const pref = normalizeDateTimeFormat(options.format);
  const text = formatDateTime(value, { ...options, format: pref === 'full' ? 'full' : 'timestamp' });
  return text && `${text} ${zoneLabel(toDate(value)!, options.timezone)}`;
}

/** The zone a formatted time is in: the chosen IANA name, or the local offset at that instant ('UTC+05:30'). */
export function zoneLabel(at: Date, timezone: string | null | undefined): string {
  return resolveTimezone(timezone) ?? formatUtcOffset(-at.getTimezoneOffset() || 0);
}

export interface TimezoneOption {
  /** 'Browser' or an IANA zone name (the stored value). */
  name: string;
  /** Offset label, e.g. 'UTC+05:30'. For Browser, the browser's current offset. */
  offset: string;
  /** Offset in minutes (for sorting). */
  offsetMinutes: number;
}

/** 'UTC', 'UTC+05:30', 'UTC-03:00'. */
export function formatUtcOffset(minutes: number): string {
  if (!minutes) return 'UTC';
  const sign = minutes > 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const h = String(Math.floor(abs / 60)).padStart(2, '0');
  const m = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${h}:${m}`;
}

export function supportedTimezones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  try {
    const zones = intl.supportedValuesOf?.('timeZone') ?? [];
    // V8's list omits 'UTC'; operators want it, so it is always offered.
    return zones.includes('UTC') ? zones : [...zones, 'UTC'];
  } catch {
    return ['UTC'];
  }
}

let tzCache: { hour: number; options: TimezoneOption[] } | null = null;

/**
 * The timezone option list: Browser first, then every IANA zone from
 * Intl.supportedValuesOf('timeZone') with its current offset, sorted by offset then name.
 */
export function timezoneOptions(at: Date = new Date()): TimezoneOption[] {
  const hour = Math.floor(at.getTime() / 3_600_000);
  if (tzCache && tzCache.hour === hour) return tzCache.options;
  const options = buildTimezoneOptions(at);
  tzCache = { hour, options };
  return options;
}

function buildTimezoneOptions(at: Date): TimezoneOption[] {
  const zones = supportedTimezones().map((name) => {
    const offsetMinutes = safeOffset(name, at);
    return { name, offsetMinutes, offset: formatUtcOffset(offsetMinutes) };
  });
  zones.sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.name.localeCompare(b.name));
  const browserOffset = -at.getTimezoneOffset() || 0;
  return [
    { name: BROWSER_TIMEZONE, offsetMinutes: browserOffset, offset: formatUtcOffset(browserOffset) },
    ...zones,
  ];
}

function safeOffset(zone: string, at: Date): number {
  const v = tzOffset(zone, at);
  return Number.isFinite(v) ? v : 0;
}
