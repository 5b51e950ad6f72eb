'use client';

import * as React from 'react';
import type * as DateFormatModule from '@/components/widgets/time-cell-parts';
import { afterPageLoad } from '@/components/widgets/use-after-load';

type DateFormat = typeof DateFormatModule;

/**
 * The date formatter (date-fns with time zones, ~8 kB gzipped) for the kit's time cells, with their ticking text
 * (components/widgets/time-cell-parts.ts), loaded on use rather than with every page: relative texts ('3h ago')
 * need none, and the server has it before it renders (React's use() reads the settled promise synchronously), so
 * the server's text and tooltip stay in place during hydration.
 */
const serverDateFormat: Promise<DateFormat> | null =
  typeof window === 'undefined' ? import('@/components/widgets/time-cell-parts') : null;
let clientDateFormat: DateFormat | null = null;
let clientLoading: Promise<DateFormat> | null = null;
const listeners = new Set<() => void>();

export function loadDateFormat(): Promise<DateFormat> {
  clientLoading ??= import('@/components/widgets/time-cell-parts').then(
    (module) => {
      clientDateFormat = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      clientLoading = null; // a later need retries a failed chunk load
      throw error;
    },
  );
  return clientLoading;
}

/** Preloads the formatter when the pointer reaches a list or a time (their tooltips need it). */
export const preloadDateFormat = () => void loadDateFormat().catch(() => undefined);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The formatter once loaded (always on the server); null in the browser until then. */
export function useDateFormat(): DateFormat | null {
  const client = React.useSyncExternalStore(
    subscribe,
    () => clientDateFormat,
    () => null,
  );
  return serverDateFormat ? React.use(serverDateFormat) : client;
}

/**
 * Loads the formatter when a rendered text needs it, a moment after the page's load event: until then the server's
 * text stays on screen (hydration keeps it), so the first load neither waits for it nor sometimes counts it.
 */
export function useDateFormatWhen(needed: boolean) {
  React.useEffect(() => (needed ? afterPageLoad(preloadDateFormat) : undefined), [needed]);
}
