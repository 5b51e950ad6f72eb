import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import { AsyncMutex } from './mutex';
import type { Database, Queryable, QueryResult } from './types';

/** Wraps one PGlite instance; every statement and every transaction is serialized through one mutex. */
export async function openPgliteDatabase(dataDir: string): Promise<Database & { dataDir: string }> {
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  const mutex = new AsyncMutex();
  let closed = false;

  const rawQuery = async <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
    const result = await pg.query<Row>(sql, params ? [...params] : undefined);
    return { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
  };
  const tx: Queryable = { query: rawQuery };
  // Marks the async context that owns the open transaction, so a stray db.query() inside it joins instead of deadlocking.
  const inTransaction = new AsyncLocalStorage<boolean>();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => (inTransaction.getStore() ? fn() : mutex.run(fn));

  return {
    kind: 'pglite',
    dataDir,
    query: (sql, params) => exclusive(() => rawQuery(sql, params)),
    exec: (sql) =>
      exclusive(async () => {
        try {
          await pg.exec(sql);
        } catch (error) {
          // A failed script that opened a transaction must not leave the single connection aborted.
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    transaction: (fn) =>
      mutex.run(async () => {
        await pg.exec('BEGIN');
        try {
          const value = await inTransaction.run(true, () => fn(tx));
          await pg.exec('COMMIT');
          return value;
        } catch (error) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    close: () =>
      mutex.run(async () => {
        if (closed) return;
        closed = true;
        await pg.close();
      }),
  };
}
