/** The page clock's listeners: every ticking text (components/widgets/time-cell-parts.ts, use-now.ts). */
const listeners = new Set<() => void>();
let current = 0;
let timer: number | undefined;

/** The time of the clock's last tick (the time of the first subscription before that). */
export const clockNow = () => current;

/**
 * The page's one clock (issue 32, relative times tick): a single timer each second while anything listens, so a
 * table of a thousand "8s ago" cells costs one timer, not one per cell, and none once the last one is gone.
 */
export function subscribeToClock(listener: () => void): () => void {
  if (listeners.size === 0) {
    current = Date.now();
    timer = window.setInterval(() => {
      current = Date.now();
      for (const each of listeners) each();
    }, 1000);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.clearInterval(timer);
  };
}
