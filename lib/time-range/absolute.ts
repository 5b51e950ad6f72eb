import { TZDate } from '@date-fns/tz';
import type { AbsoluteTimeRange } from './types';
import { absoluteRange } from './resolve';

/** Parse a datetime-local value ('2026-01-02T10:30' or with seconds) in the given zone (default local). */
export function parseLocalDateTime(value: string, timezone?: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s, ms] = m.slice(1).map((p) => (p === undefined ? 0 : Number(p)));
  const parts = [y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, ms ?? 0] as const;
  const date = timezone ? new TZDate(...parts, timezone) : new Date(...parts);
  if (Number.isNaN(date.getTime())) return null;
  // Reject overflow such as Feb 30 (Date would roll it into March).
  const check = timezone ? new TZDate(date.getTime(), timezone) : date;
  if (check.getFullYear() !== parts[0] || check.getMonth() !== parts[1] || check.getDate() !== parts[2])
    return null;
  return new Date(date.getTime());
}

export type AbsoluteValidation =
  | { valid: true; range: AbsoluteTimeRange; error?: undefined }
  | { valid: false; error: string | null; range?: undefined };

/**
 * Absolute time range validation (000 §5, 001 §5): Submit is disabled until both From and To
 * are filled and are valid dates; From must not be after To.
 * `error` is null while a field is still empty (nothing to report yet).
 */
export function validateAbsoluteInput(from: string, to: string, timezone?: string): AbsoluteValidation {
  if (!from.trim() || !to.trim()) return { valid: false, error: null };
  const f = parseLocalDateTime(from, timezone);
  const t = parseLocalDateTime(to, timezone);
  if (!f) return { valid: false, error: 'From is not a valid date' };
  if (!t) return { valid: false, error: 'To is not a valid date' };
  if (f.getTime() > t.getTime()) return { valid: false, error: 'From must be before To' };
  return { valid: true, range: absoluteRange(f, t, timezone) };
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

/** An instant as a datetime-local input value ('YYYY-MM-DDTHH:mm') in the given zone (default local). */
export function toLocalInputValue(value: string | Date | null | undefined, timezone?: string): string {
  if (!value) return '';
  const base = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(base.getTime())) return '';
  const d = timezone ? new TZDate(base.getTime(), timezone) : base;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
