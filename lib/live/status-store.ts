import type { LiveStatus } from '@/lib/live/machine';

/**
 * The tab's live-updates status for whoever shows it (the header's indicator, screens that stop polling while the
 * stream is live). A few lines on the first load: the connection itself loads after the page (connection.ts).
 */

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

export const liveStatusStore = {
  get: (): LiveStatus => status,
  /** What the server renders: nothing is connected yet. */
  getServer: (): LiveStatus => 'connecting',
  set(next: LiveStatus): void {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
