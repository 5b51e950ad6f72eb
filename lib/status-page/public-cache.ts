/**
 * The public pages' cache (issue 38: 1,000 requests a second on one instance must not reach the backend more than
 * a few times a minute): one entry per slug, fresh for `freshMs`; then, for `staleMs` more, still answered at once
 * while one background load replaces it (stale-while-revalidate); older, the caller waits for the load. Loads are
 * single-flight per slug, so a burst of misses is one backend call. A failed load keeps the last good value for
 * `staleIfErrorMs` and is retried no sooner than `retryMs` later. Not-found answers are cached like pages, so
 * unknown slugs cost one call per slug per window; the map is bounded (oldest out first).
 */

export interface PublicCacheOptions {
  freshMs: number;
  staleMs: number;
  staleIfErrorMs: number;
  retryMs: number;
  maxEntries: number;
  now?: () => number;
}

export const PUBLIC_CACHE_DEFAULTS: PublicCacheOptions = {
  freshMs: 30_000,
  staleMs: 5 * 60_000,
  staleIfErrorMs: 10 * 60_000,
  retryMs: 5_000,
  maxEntries: 500,
};

interface Entry<T> {
  value?: T;
  loadedAt: number;
  failedAt?: number;
  error?: unknown;
  pending?: Promise<void>;
}

export interface CacheAnswer<T> {
  value: T;
  /** How old the value is (ms), for the Age header. */
  ageMs: number;
  stale: boolean;
}

export interface PublicCache<T> {
  get(key: string, load: () => Promise<T>): Promise<CacheAnswer<T>>;
  /** Drops one key, or everything (a publish or unpublish on this instance). */
  invalidate(key?: string): void;
  /** Backend loads started since creation (the bench reads it). */
  readonly loads: number;
}

export function createPublicCache<T>(options: Partial<PublicCacheOptions> = {}): PublicCache<T> {
  const o = { ...PUBLIC_CACHE_DEFAULTS, ...options };
  const now = o.now ?? (() => Date.now());
  const entries = new Map<string, Entry<T>>();
  let loads = 0;

  const refresh = (key: string, entry: Entry<T>, load: () => Promise<T>): Promise<void> => {
    if (entry.pending) return entry.pending;
    loads += 1;
    const pending = load().then(
      (value) => {
        entry.value = value;
        entry.loadedAt = now();
        entry.error = undefined;
        entry.failedAt = undefined;
      },
      (error: unknown) => {
        entry.error = error;
        entry.failedAt = now();
      },
    );
    entry.pending = pending.finally(() => {
      entry.pending = undefined;
    });
    return entry.pending;
  };

  const answer = (entry: Entry<T>, stale: boolean): CacheAnswer<T> => ({
    value: entry.value as T,
    ageMs: Math.max(0, now() - entry.loadedAt),
    stale,
  });

  return {
    get loads() {
      return loads;
    },
    async get(key, load) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { loadedAt: 0 };
        entries.set(key, entry);
        while (entries.size > o.maxEntries) entries.delete(entries.keys().next().value as string);
      }
      const t = now();
      const hasValue = entry.value !== undefined;
      const age = t - entry.loadedAt;
      const recentlyFailed = entry.failedAt !== undefined && t - entry.failedAt < o.retryMs;
      if (hasValue && age < o.freshMs) return answer(entry, false);
      if (hasValue && (age < o.freshMs + o.staleMs || (recentlyFailed && age < o.staleIfErrorMs))) {
        if (!recentlyFailed) void refresh(key, entry, load);
        return answer(entry, true);
      }
      if (recentlyFailed && !hasValue && !entry.pending) throw entry.error;
      await refresh(key, entry, load);
      if (
        entry.value !== undefined &&
        (entry.error === undefined || now() - entry.loadedAt < o.staleIfErrorMs)
      )
        return answer(entry, entry.error !== undefined);
      throw entry.error;
    },
    invalidate(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}
