import type { Queryable } from './db/types';
import type { RequestIdentity } from './identity';

/**
 * Coalescing and a short response cache for `/db` reads.
 *
 * Every entry is keyed by the database snapshot (`pg_current_snapshot()`) read after the request arrived: two reads
 * with the same snapshot see exactly the same committed data (MVCC), and any write — through this handler, the demo
 * ticker, a reset, another process on the same PostgreSQL — starts or ends a transaction id and so changes the
 * snapshot. A request therefore never shares an answer computed before a write that finished before it arrived, and
 * twenty identical requests in flight at one snapshot cost one query. The TTL only bounds the drift of answers that
 * depend on the clock (`now-2d` date math, views counting the last 7 days).
 */

export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer> | null;
}

interface Entry {
  expires: number;
  answer: Promise<CachedAnswer>;
  /** Body bytes once the answer is kept (counted against maxTotalBytes). */
  bytes: number;
}

export interface ReadCacheOptions {
  /** How long a computed answer may be served while the snapshot stays the same (default 3 s). */
  ttlMs?: number;
  maxEntries?: number;
  /** Larger bodies are shared by concurrent identical requests but not kept afterwards (default 1 MiB). */
  maxBodyBytes?: number;
  /** Bound of all kept bodies together (default 32 MiB). */
  maxTotalBytes?: number;
  now?: () => number;
}

/** Statuses worth keeping: successful reads and the range answer; errors are shared in flight only. */
const KEPT_STATUSES = new Set([200, 206]);

/** The request headers that change a /db read's answer (executor: Accept, Prefer, Range). */
const VARYING_HEADERS = ['accept', 'prefer', 'range', 'range-unit', 'accept-profile'];

/** The cache key: who asks (identity, roles, teams), the method, the exact path and query, and the varying headers. */
export function readCacheKey(request: Request, url: URL, identity: RequestIdentity): string {
  const who = [
    identity.personId,
    [...identity.roles].sort().join(','),
    [...identity.teams].sort().join(','),
  ].join('|');
  const headers = VARYING_HEADERS.map((h) => request.headers.get(h) ?? '\u0000');
  return JSON.stringify([who, request.method, url.pathname, url.search, headers]);
}

async function toAnswer(response: Response): Promise<CachedAnswer> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, key) => headers.push([key, value]));
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : null;
  return { status: response.status, headers, body };
}

function toResponse(answer: CachedAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBodyBytes: number;
  private readonly maxTotalBytes: number;
  private totalBytes = 0;
  private readonly now: () => number;
  /** A snapshot read not yet sent: requests arriving now may share it (it starts after they arrived). */
  private waiting: Promise<string> | undefined;
  private inFlight: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    options: ReadCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 3000;
    this.maxEntries = options.maxEntries ?? 256;
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
    this.maxTotalBytes = options.maxTotalBytes ?? 32 * 1024 * 1024;
    this.now = options.now ?? (() => Date.now());
  }

  /** The current snapshot; concurrent callers share one statement that is sent after all of them arrived. */
  snapshot(): Promise<string> {
    if (this.waiting) return this.waiting;
    const next = this.inFlight.then(async () => {
      this.waiting = undefined;
      const r = await this.db.query<{ s: string }>('SELECT pg_current_snapshot()::text AS s');
      return r.rows[0]?.s ?? '';
    });
    this.waiting = next;
    this.inFlight = next.catch(() => undefined);
    return next;
  }

  /** The answer for key at the current snapshot: from the cache, from an identical request in flight, or computed. */
  async serve(key: string, compute: (snapshot: string) => Promise<Response>): Promise<Response> {
    const snapshot = await this.snapshot();
    const fullKey = `${snapshot}\n${key}`;
    const hit = this.entries.get(fullKey);
    if (hit && hit.expires > this.now()) return toResponse(await hit.answer);
    const answer = compute(snapshot).then(toAnswer);
    const entry: Entry = { expires: this.now() + this.ttlMs, answer, bytes: 0 };
    this.drop(fullKey);
    this.entries.set(fullKey, entry);
    const forget = () => {
      if (this.entries.get(fullKey) === entry) this.drop(fullKey);
    };
    answer.then((a) => {
      const bytes = a.body?.byteLength ?? 0;
      if (!KEPT_STATUSES.has(a.status) || bytes > this.maxBodyBytes) return forget();
      if (this.entries.get(fullKey) !== entry) return;
      entry.bytes = bytes;
      this.totalBytes += bytes;
      this.evict();
    }, forget);
    this.evict();
    return toResponse(await answer);
  }

  /** Drops every entry (a write went through the handler; the snapshot key would miss them anyway). */
  clear(): void {
    this.entries.clear();
    this.totalBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.totalBytes -= entry.bytes;
    this.entries.delete(key);
  }

  /** Drops expired entries and then the oldest ones (Map order is insertion order) until within the bounds. */
  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      const over = this.entries.size > this.maxEntries || this.totalBytes > this.maxTotalBytes;
      if (!over && entry.expires > now) continue;
      this.drop(key);
    }
  }
}
