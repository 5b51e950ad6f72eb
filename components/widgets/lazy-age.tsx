'use client';

import * as React from 'react';
import { agoCell, toDate } from '@/lib/format/relative-time';
import { useDateFormat, useDateFormatWhen } from '@/components/widgets/use-date-format';
import { useOptionalPreferences } from '@/components/shell/preferences-provider';

/**
 * A time in a list cell as the console's Age shows it in 'ago' mode ('3h ago' under a week, else the date by
 * preference; the absolute date as tooltip), rendering without the date formatter until it has loaded
 * (components/widgets/use-date-format.ts): the relative text needs none, and the server's text and tooltip stay in
 * place during hydration.
 */
export function LazyAge({
  at,
  now,
  format: formatProp,
  timezone: timezoneProp,
}: {
  at: string | undefined;
  now: number;
  format?: string;
  timezone?: string;
}) {
  const dates = useDateFormat();
  const preferences = useOptionalPreferences()?.preferences;
  // The person's preferences unless the list passes its own.
  const format = formatProp ?? preferences?.datetimeFormat;
  const timezone = timezoneProp ?? preferences?.timezone;
  const d = toDate(at);
  const ago = d ? agoCell(d, now) : null;
  const needed = Boolean(d) && ago === null && !dates;
  useDateFormatWhen(needed);
  if (!d) return <span>–</span>;
  const text =
    ago ??
    (dates
      ? dates.formatDateTime(d, { format: format === 'short' ? 'timestamp' : format, timezone, now })
      : d.toISOString().slice(0, 10));
  return (
    <time
      dateTime={d.toISOString()}
      title={dates ? dates.formatDateTimeAbsolute(d, { format, timezone }) : undefined}
      suppressHydrationWarning
      className="whitespace-nowrap"
    >
      {text}
    </time>
  );
}
