import type { Queryable } from '../../db/types';

/**
 * A short-lived, single-flight cache keyed by normalized parameters and a data version (the check data version of
 * migration 0006, or the catalog's of migration 0030), so twenty kiosks polling one summary cost one query; the TTL
 * bounds relative-window drift and a not-yet-committed bump.
 */

interface Entry<T> {
  version: string;
  expires: number;
  value: Promise<T>;
}

export interface ResponseCache<T> {
  /** The cached value for key at the current data version, or compute() shared by every concurrent caller. */
  get(db: Queryable, key: string, compute: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** The data-version sequences (migrations 0006 and 0030); names are these constants, never request input. */
export type DataVersionSequence = 'check_data_version' | 'catalog_data_version';

/** Reads a data version: one tiny statement, cheap next to the summary it guards. */
export async function dataVersion(
  db: Queryable,
  sequence: DataVersionSequence = 'check_data_version',
): Promise<string> {
  const r = await db.query<{ v: string }>(
    `SELECT last_value::text || CASE WHEN is_called THEN '' ELSE '-' END AS v FROM ${sequence}`,
  );
  return r.rows[0]?.v ?? '';
}

export interface ResponseCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
  /** The sequence whose value keys the entries (default: the check data version). */
  sequence?: DataVersionSequence;
  /**
   * For this long after the TTL, an entry of the current data version is still answered at once while one caller
   * recomputes it in the background (only the clock has moved, no data has changed).
   */
  staleMs?: number;
}

export function createResponseCache<T>(options: ResponseCacheOptions): ResponseCache<T> {
  const entries = new Map<string, Entry<T>>();
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 64;
  const sequence = options.sequence ?? 'check_data_version';
  const staleMs = options.staleMs ?? 0;
  const refreshing = new Set<string>();
  // A version read not yet sent is shared by the callers arriving meanwhile (it still starts after each of them).
  let waiting: Promise<string> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const currentVersion = (db: Queryable): Promise<string> => {
    if (waiting) return waiting;
    const next = inFlight.then(() => {
      waiting = undefined;
      return dataVersion(db, sequence);
    });
    waiting = next;
    inFlight = next.catch(() => undefined);
    return next;
  };
  return {
    async get(db, key, compute) {
      const version = await currentVersion(db);
      const hit = entries.get(key);
      if (hit && hit.version === version && hit.expires > now()) return hit.value;
      if (hit && hit.version === version && hit.expires + staleMs > now() && !refreshing.has(key)) {
        // Answer the stale value and refresh it once in the background; the next caller gets the new one.
        refreshing.add(key);
        const fresh = compute();
        fresh
          .then(
            () => {
              if (entries.get(key) === hit)
                entries.set(key, { version, expires: now() + options.ttlMs, value: fresh });
            },
            () => undefined,
          )
          .finally(() => refreshing.delete(key));
        return hit.value;
      }
      if (hit && hit.version === version && hit.expires + staleMs > now()) return hit.value;
      const value = compute();
      const entry: Entry<T> = { version, expires: now() + options.ttlMs, value };
      entries.delete(key);
      entries.set(key, entry);
      // Map order is insertion order, so the first key is the least recently computed one.
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      // A failed computation is never served from the cache.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * A cache per database, made on first use: each backend (and each test's) has its own, and a closed one's entries go
 * with it.
 */
export function cachePerDatabase<T>(options: ResponseCacheOptions): (db: Queryable) => ResponseCache<T> {
  const caches = new WeakMap<object, ResponseCache<T>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = createResponseCache<T>(options);
      caches.set(db, cache);
    }
    return cache;
  };
}
