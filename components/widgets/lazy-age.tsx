'use client';

import * as React from 'react';
import { agoCell, toDate } from '@/lib/format/relative-time';
import { useDateFormat, useDateFormatWhen } from '@/components/widgets/use-date-format';
import { useOptionalPreferences } from '@/components/shell/preferences-provider';

/**
 * A time in a list cell as the console's Age shows it in 'ago' mode ('3h ago' under a week, else the date by
 * preference; the absolute date as tooltip), rendering without the date formatter until it has loaded
 * (components/widgets/use-date-format.ts): the relative text needs none, and the server's text and tooltip stay in
 * place during hydration. With `tick`, "8s ago" moves on while the list stays open (issue 32).
 */
export function LazyAge({
  at,
  now,
  tick,
  format: formatProp,
  timezone: timezoneProp,
}: {
  at: string | undefined;
  now: number;
  tick?: boolean;
  format?: string;
  timezone?: string;
}) {
  const dates = useDateFormat();
  const preferences = useOptionalPreferences()?.preferences;
  // The person's preferences unless the list passes its own.
  const format = formatProp ?? preferences?.datetimeFormat;
  const timezone = timezoneProp ?? preferences?.timezone;
  const d = toDate(at);
  const ago = d && agoCell(d, now);
  // A ticking text comes with the formatter, after the page (first-load budget).
  useDateFormatWhen(Boolean(d) && (tick || ago === null) && !dates);
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
      {tick && dates && ago ? <dates.TickingAgo at={d} now={now} fallback={ago} /> : text}
    </time>
  );
}
