'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';
import { agoCell, formatAgo, toDate, type DateInput } from '@/lib/format/relative-time';
import type { DateFormatOptions } from '@/lib/format/date';
import { preloadDateFormat, useDateFormat, useDateFormatWhen } from '@/components/widgets/use-date-format';
import { useOptionalPreferences } from '@/components/shell/preferences-provider';

export interface AgeProps extends Omit<React.ComponentProps<'time'>, 'children' | 'dateTime'> {
  from: DateInput | null | undefined;
  /** Format and timezone for the tooltip / absolute fallback; default: the person's preferences. */
  format?: DateFormatOptions['format'];
  timezone?: string | null;
  /**
   * 'ago' (default): '3h ago' only if under 7 days, otherwise the date by preference.
   * 'relative': always relative. 'absolute': the date by preference.
   */
  mode?: 'ago' | 'relative' | 'absolute';
  now?: DateInput;
}

/**
 * Relative time with the absolute timestamp as tooltip (in the chosen format and timezone). The date formatter is
 * loaded on use (components/widgets/use-date-format.ts): relative texts render without it, a date by preference shows
 * its day until it has loaded, and pointing at or focusing the time fetches it for the tooltip.
 */
export function Age({
  from,
  format: formatProp,
  timezone: timezoneProp,
  mode = 'ago',
  now,
  className,
  onPointerEnter,
  onFocus,
  ...props
}: AgeProps) {
  const dates = useDateFormat();
  const preferences = useOptionalPreferences()?.preferences;
  const format = formatProp ?? preferences?.datetimeFormat;
  const timezone = timezoneProp ?? preferences?.timezone;
  const d = toDate(from);
  const n = now ?? Date.now();
  const ago = d && mode !== 'absolute' ? (mode === 'relative' ? formatAgo(d, n) : agoCell(d, n)) : null;
  useDateFormatWhen(Boolean(d) && ago === null && !dates);
  if (!d) return null;
  const absolute = dates?.formatDateTimeAbsolute(d, { format, timezone });
  const text =
    ago ??
    (dates
      ? dates.formatDateTime(d, {
          format: mode === 'ago' && format === 'short' ? 'timestamp' : format,
          timezone,
          now: n,
        })
      : d.toISOString().slice(0, 10));
  return (
    <time
      dateTime={d.toISOString()}
      title={absolute}
      onPointerEnter={(event) => {
        preloadDateFormat();
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preloadDateFormat();
        onFocus?.(event);
      }}
      suppressHydrationWarning
      className={cn('whitespace-nowrap', className)}
      {...props}
    >
      {text}
    </time>
  );
}
