/**
 * The one database interface of the embedded backend: PGlite in-process or a real PostgreSQL server (pg).
 * Values always travel as bound parameters ($1, $2, …); SQL text never contains request input.
 */
export interface QueryResult<Row = Record<string, unknown>> {
  rows: Row[];
  /** Rows changed by INSERT/UPDATE/DELETE, when the driver reports it. */
  affectedRows?: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on error). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements with no parameters (schema, migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Cuts every later statement that runs longer than ms (0: no limit) with SQLSTATE 57014, on both engines. Opened
   * databases start without a limit so migrations and the seed may run long; the backend sets it before serving.
   */
  setStatementTimeout(ms: number): void;
  /**
   * PGlite only (one connection): since when (performance.now()) the statement or transaction running now has held
   * the connection, undefined while it is free. PostgreSQL has a pool and does not say.
   */
  heldSince?(): number | undefined;
  /**
   * LISTENs on a channel and calls onPayload for every NOTIFY on it (from any connection or process sharing the
   * database); resolves to a function that stops listening. onReconnect runs after the listening connection was lost
   * and restored, since notifications sent meanwhile are gone.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
