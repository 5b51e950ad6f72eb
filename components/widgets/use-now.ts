'use client';

import * as React from 'react';

/**
 * The clock for texts that count to "now" (a running duration, an age). The first render, on the server and in
 * the browser's hydration alike, uses `renderedAt`, the time the server rendered the page, so both render the same
 * text: a Date.now() of each side differs by the time in between, which made the run page's running durations fail
 * hydration (issue 37). After hydration it is the browser's clock, ticking every `tickMs` while `live`.
 */
export function useNow(renderedAt: number | undefined, live: boolean, tickMs = 1000): number {
  const [now, setNow] = React.useState(() => renderedAt ?? Date.now());
  React.useEffect(() => {
    setNow(Date.now());
    if (!live) return;
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [live, tickMs]);
  return now;
}
