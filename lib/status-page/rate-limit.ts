/**
 * Per client address limit of the public pages: a token bucket of `burst` requests refilled at `perSecond`, so a
 * visitor (or an office behind one address) reloading is never refused while one client cannot keep a core busy.
 * The address is the one the front door recorded from the socket or the trusted proxies (lib/server/front-door.ts),
 * never what the client claims. Bounded memory: the least recently seen addresses go first.
 */

export interface RateLimitOptions {
  burst: number;
  perSecond: number;
  maxAddresses: number;
  now?: () => number;
}

export const PUBLIC_RATE_LIMIT: RateLimitOptions = { burst: 120, perSecond: 20, maxAddresses: 10_000 };

export interface RateLimiter {
  /** 0 when the request may go on, else the seconds to wait (Retry-After). */
  take(address: string): number;
}

export function createRateLimiter(options: Partial<RateLimitOptions> = {}): RateLimiter {
  const o = { ...PUBLIC_RATE_LIMIT, ...options };
  const now = o.now ?? (() => Date.now());
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(address) {
      const t = now();
      const previous = buckets.get(address);
      const tokens = previous
        ? Math.min(o.burst, previous.tokens + ((t - previous.at) / 1000) * o.perSecond)
        : o.burst;
      buckets.delete(address);
      if (tokens < 1) {
        buckets.set(address, { tokens, at: t });
        return Math.max(1, Math.ceil((1 - tokens) / o.perSecond));
      }
      buckets.set(address, { tokens: tokens - 1, at: t });
      while (buckets.size > o.maxAddresses) buckets.delete(buckets.keys().next().value as string);
      return 0;
    },
  };
}
