import { probes } from '@/lib/telemetry/probes';

/**
 * A small semaphore per identity in front of the engine (issue 31 item 7). PGlite has one connection and serves
 * statements first come, first served: eight slow reads from one guest, sent at once, queued ahead of everyone else and
 * a viewer's read waited 26–30 s. Here each identity runs at most `concurrent` requests at a time (on PGlite one, so
 * another person's statement waits behind at most one of this person's, itself bounded by the statement timeout);
 * the rest wait in the identity's own queue, which never holds anyone else up. A queue longer than `queued` is
 * answered 429 with Retry-After instead of growing without bound.
 */

export interface IdentityLimits {
  /** Requests of one identity that may run at once. */
  concurrent: number;
  /** Requests of one identity that may wait for a slot; one more is refused. */
  queued: number;
  /** Retry-After of the 429, in seconds. */
  retryAfterSeconds: number;
}

/**
 * PGlite: one running request per identity, the single connection is shared fairly. PostgreSQL (a pool of 10): three,
 * so one person never holds most of the pool. The queue is deep enough for the parallel reads of one page (a server
 * render prefetches up to about a dozen), so only a flood is refused.
 */
export const IDENTITY_LIMITS: Record<'pglite' | 'postgres', IdentityLimits> = {
  pglite: { concurrent: 1, queued: 24, retryAfterSeconds: 2 },
  postgres: { concurrent: 3, queued: 24, retryAfterSeconds: 2 },
};

interface Slots {
  active: number;
  waiting: (() => void)[];
}

export class IdentityLimiter {
  private readonly slots = new Map<string, Slots>();

  constructor(readonly limits: IdentityLimits) {}

  /**
   * Runs fn in one of the identity's slots, waiting for one in the identity's queue; returns the 429 response instead
   * when that queue is full. The slot is released when fn settles.
   */
  async run(
    key: string,
    fn: () => Promise<Response>,
    shape: 'postgrest' | 'native' = 'native',
  ): Promise<Response> {
    let slots = this.slots.get(key);
    if (!slots) {
      slots = { active: 0, waiting: [] };
      this.slots.set(key, slots);
    }
    if (slots.active >= this.limits.concurrent) {
      if (slots.waiting.length >= this.limits.queued) {
        probes().identityQueue('refuse');
        return this.refusal(shape);
      }
      const own = slots;
      probes().identityQueue('wait');
      await new Promise<void>((resolve) => own.waiting.push(resolve));
      probes().identityQueue('leave');
    } else {
      slots.active++;
    }
    try {
      return await fn();
    } finally {
      this.release(key, slots);
    }
  }

  /** Requests of the identity running and waiting now (tests, diagnostics). */
  load(key: string): { active: number; waiting: number } {
    const slots = this.slots.get(key);
    return { active: slots?.active ?? 0, waiting: slots?.waiting.length ?? 0 };
  }

  private release(key: string, slots: Slots): void {
    // The slot passes straight to the next waiter of the same identity (active stays the same).
    const next = slots.waiting.shift();
    if (next) {
      next();
      return;
    }
    slots.active--;
    if (slots.active === 0) this.slots.delete(key);
  }

  private refusal(shape: 'postgrest' | 'native'): Response {
    const seconds = this.limits.retryAfterSeconds;
    const message = `Too many requests at once from this account; try again in ${seconds} seconds`;
    // /db answers in PostgREST's shape (53400: configuration limit exceeded), native routes in the duty envelope.
    const body =
      shape === 'postgrest'
        ? {
            code: '53400',
            message,
            details: null,
            hint: 'Wait for the running requests of this account to finish.',
          }
        : { error: 'too many requests', message };
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(seconds) },
    });
  }
}
