import { probes } from '@/lib/telemetry/probes';
import type { Database, Queryable } from './types';

/**
 * The database as the request handler uses it: every statement, inside transactions too, goes through the
 * telemetry probe (a span named by statement kind and table, the in-flight gauge that is PGlite's queue, the
 * duration histogram and the time-out counter). Parameters never leave here.
 */
export function observedDatabase(db: Database): Database {
  const observe =
    (target: Queryable): Queryable['query'] =>
    (sql, params) =>
      probes().statement(db.kind, sql, () => target.query(sql, params));
  // Everything else (exec, close, heldSince …) is the database's own.
  const wrapped: Database = Object.create(db) as Database;
  return Object.assign(wrapped, {
    query: observe(db),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction((tx) => fn({ query: observe(tx) })),
  });
}
