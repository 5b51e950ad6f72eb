import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types';

// timestamptz/json come back parsed (Date, objects) in pg as in PGlite; int8 and numeric stay strings in both.

function toResult<Row>(result: pg.QueryResult): QueryResult<Row> {
  return {
    rows: result.rows as Row[],
    affectedRows: result.rowCount ?? undefined,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

/** A pooled connection to a real PostgreSQL server (DATABASE_URL). */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client error must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`[embedded-backend] postgres pool error: ${error.message}`));
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'postgres',
    query: async <Row>(sql: string, params?: readonly unknown[]) =>
      toResult<Row>(await pool.query(sql, params ? [...params] : undefined)),
    exec: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query(sql);
      } catch (error) {
        // A failed script that opened a transaction must not go back to the pool aborted.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      const tx: Queryable = {
        query: async <Row>(sql: string, params?: readonly unknown[]) =>
          toResult<Row>(await client.query(sql, params ? [...params] : undefined)),
      };
      try {
        await client.query('BEGIN');
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
