'use client';

import * as React from 'react';
import { agoCell } from '@/lib/format/relative-time';
import { clockNow, subscribeToClock } from '@/components/widgets/ticking-clock';

/**
 * What the kit's time cells load on use, after the page (components/widgets/use-date-format.ts): the date formatter,
 * and the relative text that ticks. One load for both keeps the first load free of a loader of its own.
 */
export * from '@/lib/format/date';

/**
 * "8s ago" of a LazyAge with `tick` (components/widgets/lazy-age.tsx) at the page's one clock, re-rendering only
 * when the text changes. The later of the clock and `now`, since a clock nobody listened to since an earlier page
 * holds that page's time; `fallback` (the text at `now`) on the server and once the time is a week old.
 */
export function TickingAgo({ at, now, fallback }: { at: Date; now: number; fallback: string }) {
  return React.useSyncExternalStore(
    subscribeToClock,
    () => agoCell(at, Math.max(now, clockNow())) ?? fallback,
    () => fallback,
  );
}
