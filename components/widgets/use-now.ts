'use client';

import * as React from 'react';
import { clockNow, subscribeToClock } from '@/components/widgets/ticking-clock';

/**
 * The clock for texts that count to "now" (a running duration, an age). The first render, on the server and in
 * the browser's hydration alike, uses `renderedAt`, the time the server rendered the page, so both render the same
 * text: a Date.now() of each side differs by the time in between, which made the run page's running durations fail
 * hydration (issue 37). After hydration it is the browser's clock, ticking each second with the page's one clock
 * (components/widgets/ticking-clock.ts) while `live`.
 */
export function useNow(renderedAt: number | undefined, live: boolean): number {
  const [now, setNow] = React.useState(() => renderedAt ?? Date.now());
  React.useEffect(() => {
    setNow(Date.now());
    return live ? subscribeToClock(() => setNow(clockNow())) : undefined;
  }, [live]);
  return now;
}
