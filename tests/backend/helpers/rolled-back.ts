import type { Database, Queryable } from '@/lib/embedded-backend/db/types';

/**
 * What `read` finds after `statement` ran in a transaction that is then rolled back: the database as it would be,
 * left as it is (the aggregate tests compare the kept tables with a rebuild from scratch).
 */
export async function readRolledBack<T>(
  db: Database,
  statement: string,
  read: (q: Queryable) => Promise<T>,
): Promise<T> {
  return db
    .transaction(async (tx) => {
      await tx.query(statement);
      throw Object.assign(new Error('rollback'), { result: await read(tx) });
    })
    .catch((error: { result?: T }) => error.result as T);
}
