import 'server-only';
import { isEmbeddedBackend } from '@/lib/env';

/**
 * Server-side ends of console sessions (issue 13 §9): a session cookie is a self-contained encrypted JWT, so
 * without a record of sign-outs every saved copy of it would keep working until it expires (24 h). Each session
 * carries an id (`sid`) and its sign-in time; sign-out records the id, a password change records "every session
 * of this user signed in before now". Records live as long as the sessions they end could.
 */

export interface SessionRef {
  /** The session id minted at sign-in. */
  sid: string;
  /** The user (the JWT's `sub`). */
  userId?: string;
  /** Epoch ms of the sign-in that created the session. */
  signedInAt?: number;
}

export interface SessionRevocationStore {
  /** Ends one session; the record may be dropped after `expiresAt` (epoch ms), when the cookie is dead anyway. */
  revokeSession(sid: string, expiresAt: number): Promise<void>;
  /** Ends every session of a user signed in before `before` (epoch ms). */
  revokeUserSessions(userId: string, before: number, expiresAt: number): Promise<void>;
  isRevoked(session: SessionRef): Promise<boolean>;
}

/** The default: this process only (a restart forgets, other instances never hear of it). */
export class MemoryRevocationStore implements SessionRevocationStore {
  private readonly sessions = new Map<string, number>();
  private readonly users = new Map<string, { before: number; expiresAt: number }>();

  private prune(now = Date.now()): void {
    for (const [sid, expiresAt] of this.sessions) if (expiresAt <= now) this.sessions.delete(sid);
    for (const [user, entry] of this.users) if (entry.expiresAt <= now) this.users.delete(user);
  }

  async revokeSession(sid: string, expiresAt: number): Promise<void> {
    this.prune();
    this.sessions.set(sid, expiresAt);
  }

  async revokeUserSessions(userId: string, before: number, expiresAt: number): Promise<void> {
    this.prune();
    const previous = this.users.get(userId);
    this.users.set(userId, {
      before: Math.max(before, previous?.before ?? 0),
      expiresAt: Math.max(expiresAt, previous?.expiresAt ?? 0),
    });
  }

  has({ sid, userId, signedInAt }: SessionRef): boolean {
    if (this.sessions.has(sid)) return true;
    const user = userId ? this.users.get(userId) : undefined;
    return user !== undefined && (signedInAt ?? 0) < user.before;
  }

  async isRevoked(session: SessionRef): Promise<boolean> {
    return this.has(session);
  }
}

/** The part of the embedded backend's database interface this store uses. */
export interface RevocationQueryable {
  /** 'pglite': this process is the database's only user (PGlite locks its directory). */
  readonly kind?: string;
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * In the embedded backend's database (table console.session_revocations, outside the schema /db serves), so that
 * every console instance on one PostgreSQL sees every sign-out, and a restart forgets none.
 */
export class DatabaseRevocationStore implements SessionRevocationStore {
  /**
   * On PGlite this process is the only one that can write the table, so the table is read once and kept in memory
   * with this process's own records: a session check never queues behind someone's slow statement on the one
   * connection (issue 13 §4). On PostgreSQL other instances write too, so every check reads the table.
   */
  private mirror: Promise<MemoryRevocationStore | undefined> | undefined;

  constructor(private readonly db: () => Promise<RevocationQueryable>) {}

  /**
   * The table was written by someone other than this store: the embedded backend's trigger that ends a deactivated
   * person's sessions (migration 0311). The next check reads the table again (PGlite only; PostgreSQL always reads).
   */
  forgetMirror(): void {
    this.mirror = undefined;
  }

  private loadMirror(): Promise<MemoryRevocationStore | undefined> {
    this.mirror ??= (async () => {
      const db = await this.db();
      if (db.kind !== 'pglite') return undefined;
      const { rows } = await db.query<{
        key: string;
        before_ms: number | string;
        expires_ms: number | string;
      }>(
        `SELECT key, extract(epoch FROM revoked_before) * 1000 AS before_ms, extract(epoch FROM expires_at) * 1000 AS expires_ms
           FROM console.session_revocations WHERE expires_at >= now()`,
      );
      const mirror = new MemoryRevocationStore();
      for (const row of rows) {
        const expiresAt = Number(row.expires_ms);
        if (row.key.startsWith('sid:')) await mirror.revokeSession(row.key.slice('sid:'.length), expiresAt);
        else if (row.key.startsWith('user:'))
          await mirror.revokeUserSessions(row.key.slice('user:'.length), Number(row.before_ms), expiresAt);
      }
      return mirror;
    })();
    // A failed read is not kept: the next check reads again.
    this.mirror.catch(() => {
      this.mirror = undefined;
    });
    return this.mirror;
  }

  private async upsert(key: string, before: number, expiresAt: number): Promise<void> {
    const db = await this.db();
    await db.query(
      `INSERT INTO console.session_revocations (key, revoked_before, expires_at) VALUES ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0))
       ON CONFLICT (key) DO UPDATE SET revoked_before = greatest(console.session_revocations.revoked_before, excluded.revoked_before),
         expires_at = greatest(console.session_revocations.expires_at, excluded.expires_at)`,
      [key, before, expiresAt],
    );
    // Expired records are dropped by whoever writes, so the table stays as small as the sessions it ends.
    await db.query('DELETE FROM console.session_revocations WHERE expires_at < now()');
  }

  async revokeSession(sid: string, expiresAt: number): Promise<void> {
    await this.upsert(`sid:${sid}`, Date.now(), expiresAt);
    await (await this.loadMirror())?.revokeSession(sid, expiresAt);
  }

  async revokeUserSessions(userId: string, before: number, expiresAt: number): Promise<void> {
    await this.upsert(`user:${userId}`, before, expiresAt);
    await (await this.loadMirror())?.revokeUserSessions(userId, before, expiresAt);
  }

  async isRevoked({ sid, userId, signedInAt }: SessionRef): Promise<boolean> {
    const mirror = await this.loadMirror();
    if (mirror) return mirror.has({ sid, userId, signedInAt });
    const db = await this.db();
    const keys = userId ? [`sid:${sid}`, `user:${userId}`] : [`sid:${sid}`];
    const { rows } = await db.query<{ key: string; before_ms: number | string }>(
      'SELECT key, extract(epoch FROM revoked_before) * 1000 AS before_ms FROM console.session_revocations WHERE key = ANY($1)',
      [keys],
    );
    return rows.some((row) => row.key.startsWith('sid:') || (signedInAt ?? 0) < Number(row.before_ms));
  }
}

interface RevocationState {
  store?: SessionRevocationStore;
  /** Ends recorded by this process: answered without a store round trip. */
  local: MemoryRevocationStore;
}

// On globalThis: the sign-out action, next-auth's route and the /api route are separate bundles with their own
// module instances; the process has one record.
const STATE = Symbol.for('ops-console.session-revocation');
const shared = ((globalThis as typeof globalThis & { [STATE]?: RevocationState })[STATE] ??= {
  local: new MemoryRevocationStore(),
});
const local = shared.local;

/** The store of this deployment: the embedded backend's database when the console runs on it, else memory. */
function currentStore(): SessionRevocationStore {
  shared.store ??= isEmbeddedBackend() ? embeddedStore() : new MemoryRevocationStore();
  return shared.store;
}

/**
 * On the embedded backend's database. Its trigger records the end of a deactivated person's sessions (migration
 * 0311) behind this store's back, and the backend says so in this process (identity-events.ts): on PGlite the
 * in-memory copy is read again, so the person's next request is refused.
 */
function embeddedStore(): DatabaseRevocationStore {
  let listening = false;
  const store: DatabaseRevocationStore = new DatabaseRevocationStore(async () => {
    const backend = await import('@/lib/embedded-backend');
    if (!listening) {
      listening = true;
      backend.onIdentitiesChanged(() => store.forgetMirror());
    }
    return backend.getDatabase();
  });
  return store;
}

/** Tests and other deployments plug in their own store. */
export function setRevocationStore(next: SessionRevocationStore | undefined): void {
  shared.store = next;
}

export async function revokeSession(sid: string, expiresAt: number): Promise<void> {
  await local.revokeSession(sid, expiresAt);
  await currentStore().revokeSession(sid, expiresAt);
}

export async function revokeUserSessions(userId: string, before: number, expiresAt: number): Promise<void> {
  await local.revokeUserSessions(userId, before, expiresAt);
  await currentStore().revokeUserSessions(userId, before, expiresAt);
}

/** Whether the session ended (here or on any instance sharing the store). Sessions without an id never count as live. */
export async function isSessionRevoked(session: Partial<SessionRef>): Promise<boolean> {
  if (!session.sid) return true;
  const ref = session as SessionRef;
  return local.has(ref) || currentStore().isRevoked(ref);
}
