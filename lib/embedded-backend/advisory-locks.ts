import type { Database } from './db/types';

/**
 * PostgreSQL advisory locks that coordinate several console instances on one database (DATABASE_URL). Keys are
 * two int4s: a namespace ('opsc') and the lock's number, so other applications on the same server never collide.
 */
export const LOCK_NAMESPACE = 0x6f707363;
export const LOCKS = {
  /** Migrations and the demo seed: one instance applies them, the others wait and then find them applied. */
  startup: 1,
  /** The demo ticker's leadership: held for as long as one instance runs the ticker. */
  ticker: 2,
} as const;

/**
 * Runs fn while holding the start-up lock. On PostgreSQL the lock is a transaction-level advisory lock on a pooled
 * connection that stays open around fn (fn runs on other connections), so a crash releases it with the connection.
 * PGlite is one process per data directory (data-dir-lock.ts), so there is nothing to coordinate.
 */
export async function withStartupLock<T>(
  db: Database,
  fn: () => Promise<T>,
  log: (message: string) => void = console.info,
): Promise<T> {
  if (db.kind !== 'postgres') return fn();
  return db.transaction(async (tx) => {
    const free = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, $2) AS ok', [
      LOCK_NAMESPACE,
      LOCKS.startup,
    ]);
    if (!free.rows[0]?.ok) {
      log('[embedded-backend] another instance is migrating or seeding the database: waiting for it');
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_NAMESPACE, LOCKS.startup]);
    }
    return fn();
  });
}
