/** Reconnect delays: exponential from 1 s, capped at 30 s, with jitter so tabs that lost the stream together spread out. */

export const BACKOFF = { baseMs: 1000, maxMs: 30_000 } as const;

/** The wait before attempt `attempt` (1 = the first retry): between half and all of the capped exponential step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

/** How long polling lasts before the stream is tried again: a backend without one (404) is asked rarely; one whose
 * stream failed (a restart) at the longest backoff step, so the tab is live again within ~30 s of the backend. */
export const RETRY_LIVE_MS = { noStream: 5 * 60_000, failed: BACKOFF.maxMs } as const;
