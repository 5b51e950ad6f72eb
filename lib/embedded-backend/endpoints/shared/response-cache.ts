import type { Queryable } from '../../db/types';

/**
 * A short-lived, single-flight cache keyed by normalized parameters and the check data version (migration 0006), so
 * twenty kiosks polling one summary cost one query; the TTL bounds relative-window drift and a not-yet-committed bump.
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

/** Reads the check data version: one tiny statement, cheap next to the summary it guards. */
export async function checkDataVersion(db: Queryable): Promise<string> {
  const r = await db.query<{ v: string }>('SELECT last_value::text || CASE WHEN is_called THEN \'\' ELSE \'-\' END AS v FROM check_data_version');
  return r.rows[0]?.v ?? '';
}

export function createResponseCache<T>(options: { ttlMs: number; maxEntries?: number; now?: () => number }): ResponseCache<T> {
  const entries = new Map<string, Entry<T>>();
  const now = options.now ?? (() => Date.now());
  const maxEntries = options.maxEntries ?? 64;
  // A version read not yet sent is shared by the callers arriving meanwhile (it still starts after each of them).
  let waiting: Promise<string> | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  const currentVersion = (db: Queryable): Promise<string> => {
    if (waiting) return waiting;
    const next = inFlight.then(() => {
      waiting = undefined;
      return checkDataVersion(db);
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
