import pg from 'pg';
import type { Database, Queryable, QueryResult } from './types';
import { log } from '@/lib/telemetry/probes';

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
  pool.on('error', (error) => log.error(`[embedded-backend] postgres pool error: ${error.message}`));
  const probe = await pool.connect();
  probe.release();

  // The server enforces the statement timeout (it cancels the statement and answers SQLSTATE 57014). Each pooled
  // connection is brought to the current setting when it is checked out, so changing it never needs a new pool.
  let timeoutMs = 0;
  const applied = new WeakMap<pg.PoolClient, number>();
  const checkout = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    // The value sent is the one recorded: the setting may change while set_config is on its way.
    const wanted = timeoutMs;
    if ((applied.get(client) ?? 0) !== wanted) {
      try {
        await client.query(`SELECT set_config('statement_timeout', $1, false)`, [String(wanted)]);
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
      applied.set(client, wanted);
    }
    return client;
  };

  const listeners = new Set<pg.Client>();
  let closed = false;

  /**
   * One dedicated connection per LISTEN (a pooled one would be handed to other statements); lost, it reconnects
   * after a second and says so, since notifications sent meanwhile are gone.
   */
  const listen = async (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> => {
    let client: pg.Client | undefined;
    let stopped = false;
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString });
      next.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      next.on('error', (error) => {
        log.error('[embedded-backend] postgres listener error', { err: error });
        listeners.delete(next);
        next.end().catch(() => undefined);
        if (client === next && !stopped && !closed) setTimeout(() => void reconnect(), 1000).unref();
      });
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      listeners.add(next);
    };
    const reconnect = async (): Promise<void> => {
      if (stopped || closed) return;
      try {
        await connect();
        onReconnect?.();
      } catch {
        setTimeout(() => void reconnect(), 1000).unref();
      }
    };
    await connect();
    return async () => {
      stopped = true;
      const current = client;
      if (!current) return;
      listeners.delete(current);
      await current.end().catch(() => undefined);
    };
  };

  return {
    kind: 'postgres',
    listen,
    query: async <Row>(sql: string, params?: readonly unknown[]) => {
      const client = await checkout();
      try {
        return toResult<Row>(await client.query(sql, params ? [...params] : undefined));
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      const client = await checkout();
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
      const client = await checkout();
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
    setStatementTimeout: (ms) => {
      timeoutMs = Math.max(0, Math.floor(ms));
    },
    close: async () => {
      closed = true;
      await Promise.all([...listeners].map((client) => client.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
}
