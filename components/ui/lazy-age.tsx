'use client';

import * as React from 'react';
import type * as DateFormatModule from '@/lib/format/date';
import { agoCell, toDate } from '@/lib/format/relative-time';

/**
 * Age for lists on the first load: the relative text ('3h ago') needs no formatter, and the date formatter (date-fns
 * with time zones, ~8 kB) loads only when a cell shows an older date or the pointer reaches the list (its tooltips).
 * Moved here from the health cells so every list uses it.
 */

type DateFormat = typeof DateFormatModule;

/**
 * The date formatter (date-fns with time zones) is only needed for transitions older than a week and for the
 * absolute tooltip, so the browser loads it when a cell needs it or the pointer reaches the list, not with the
 * page. The server has it before it renders (React's use() reads the settled promise synchronously).
 */
const serverDateFormat: Promise<DateFormat> | null = typeof window === 'undefined' ? import('@/lib/format/date') : null;
let clientDateFormat: DateFormat | null = null;
let clientLoading: Promise<DateFormat> | null = null;
const dateFormatListeners = new Set<() => void>();

export function loadDateFormat(): Promise<DateFormat> {
  clientLoading ??= import('@/lib/format/date').then(
    (module) => {
      clientDateFormat = module;
      for (const listener of dateFormatListeners) listener();
      return module;
    },
    (error: unknown) => {
      clientLoading = null; // a later need retries a failed chunk load
      throw error;
    },
  );
  return clientLoading;
}

function subscribeDateFormat(listener: () => void) {
  dateFormatListeners.add(listener);
  return () => void dateFormatListeners.delete(listener);
}

function useDateFormat(): DateFormat | null {
  const client = React.useSyncExternalStore(subscribeDateFormat, () => clientDateFormat, () => null);
  return serverDateFormat ? React.use(serverDateFormat) : client;
}

/** Preloads the formatter when the pointer reaches a list (its cells' tooltips need it). */
export const preloadDateFormat = () => void loadDateFormat().catch(() => undefined);

/**
 * A time as the console's Age shows it in 'ago' mode ('3h ago' under a week, else the date by
 * preference; the absolute date as tooltip), rendering without the formatter until it has loaded: the relative
 * text needs none, and the server's text and tooltip stay in place during hydration.
 */
export function LazyAge({ at, now, format, timezone }: { at: string | undefined; now: number; format?: string; timezone?: string }) {
  const dates = useDateFormat();
  const d = toDate(at);
  const ago = d ? agoCell(d, now) : null;
  const needed = Boolean(d) && ago === null && !dates;
  React.useEffect(() => {
    if (needed) void loadDateFormat().catch(() => undefined);
  }, [needed]);
  if (!d) return <span>–</span>;
  const text = ago ?? (dates ? dates.formatDateTime(d, { format: format === 'short' ? 'timestamp' : format, timezone, now }) : d.toISOString().slice(0, 10));
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
