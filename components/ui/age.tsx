import * as React from 'react';
import { cn } from '@/lib/utils';
import { agoCell, formatAgo, toDate, type DateInput } from '@/lib/format/relative-time';
import { formatDateTime, formatDateTimeAbsolute, type DateFormatOptions } from '@/lib/format/date';

export interface AgeProps extends Omit<React.ComponentProps<'time'>, 'children' | 'dateTime'> {
  from: DateInput | null | undefined;
  /** Preference format and timezone for the tooltip / absolute fallback. */
  format?: DateFormatOptions['format'];
  timezone?: string | null;
  /**
   * 'ago' (default): '3h ago' only if under 7 days, otherwise the date by preference.
   * 'relative': always relative. 'absolute': the date by preference.
   */
  mode?: 'ago' | 'relative' | 'absolute';
  now?: DateInput;
}

/** Relative time with the absolute timestamp as tooltip (in the chosen format and timezone). */
export function Age({ from, format, timezone, mode = 'ago', now, className, ...props }: AgeProps) {
  const d = toDate(from);
  if (!d) return null;
  const n = now ?? Date.now();
  const absolute = formatDateTimeAbsolute(d, { format, timezone });
  const text =
    mode === 'relative'
      ? formatAgo(d, n)
      : mode === 'absolute'
        ? formatDateTime(d, { format, timezone, now: n })
        : (agoCell(d, n) ?? formatDateTime(d, { format: format === 'short' ? 'timestamp' : format, timezone, now: n }));
  return (
    <time
      dateTime={d.toISOString()}
      title={absolute}
      suppressHydrationWarning
      className={cn('whitespace-nowrap', className)}
      {...props}
    >
      {text}
    </time>
  );
}
