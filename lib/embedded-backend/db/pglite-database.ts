import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ENGINE_UNAVAILABLE_CODE, EngineError, statementTimeoutError } from './engine-errors';
import { AsyncMutex } from './mutex';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';
import type { Database, Queryable, QueryResult } from './types';
import { log } from '@/lib/telemetry/probes';

/**
 * PGlite runs in a worker thread: a statement that runs for seconds no longer blocks the server's event loop (pages,
 * the proxy and health probes keep answering). PGlite ignores statement_timeout (its WASM build has no timer
 * signals), so the timeout is enforced from here: a statement that overruns terminates the worker, which is a
 * crash from Postgres' point of view (the uncommitted transaction is lost, WAL recovery runs on the next open), and
 * a new worker reopens the same directory. An in-memory database (`memory://`) would lose everything that way, so it
 * runs without a timeout.
 */

interface WorkerReply {
  id?: number;
  type?: 'ready' | 'fatal' | 'notify';
  channel?: string;
  payload?: string;
  ok?: boolean;
  result?: QueryResult<unknown>;
  error?: Record<string, unknown>;
}

interface Listener {
  onPayload(payload: string): void;
  onReconnect?(): void;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  timer?: NodeJS.Timeout;
}

function toError(serialized: Record<string, unknown> | undefined): Error {
  const error = new Error(
    typeof serialized?.message === 'string' ? serialized.message : 'PGlite worker error',
  );
  // Driver fields (code, detail, hint, …) are copied so error mappings see what the in-process driver threw.
  for (const [key, value] of Object.entries(serialized ?? {}))
    if (key !== 'message') Object.assign(error, { [key]: value });
  return error;
}

/** Directories the worker may resolve PGlite from besides its working directory. */
function resolveBases(): string[] {
  const bases = new Set<string>();
  const script = process.argv[1];
  if (script) bases.add(path.dirname(path.resolve(script)));
  return [...bases];
}

/** One worker thread holding one PGlite instance; restarted after a timeout or a crash. */
class PgliteWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private waiting = 0;
  private starting = false;
  private closed = false;
  /** Changes on every restart; a transaction begun under one generation cannot continue under another. */
  generation = 0;
  timeoutMs = 0;
  /** LISTENs by channel; a restarted worker listens again and tells them (notifications in between are lost). */
  readonly listeners = new Map<string, Set<Listener>>();
  private startedOnce = false;

  constructor(readonly dataDir: string) {}

  get canTimeOut(): boolean {
    return !this.dataDir.startsWith('memory://');
  }

  /** Starts the worker and resolves when PGlite is open (rejects with PGlite's error when it cannot open). */
  start(): Promise<void> {
    // execArgv: [] — the worker needs no loader hooks (tsx) or debugger flags of the main process, only PGlite.
    const worker = new Worker(PGLITE_WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { dataDir: this.dataDir, resolveFrom: resolveBases() },
    });
    this.worker = worker;
    this.starting = true;
    const restart = this.startedOnce;
    this.startedOnce = true;
    this.updateRef();
    const ready = new Promise<void>((resolve, reject) => {
      let opened = false;
      worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          opened = true;
          resolve();
        } else if (reply.type === 'notify') {
          for (const listener of this.listeners.get(reply.channel ?? '') ?? [])
            listener.onPayload(reply.payload ?? '');
        } else if (reply.type === 'fatal') {
          reject(toError(reply.error));
          void worker.terminate();
        } else if (reply.id !== undefined) {
          this.settle(reply);
        }
      });
      const gone = (error: unknown) => {
        if (this.worker !== worker) return;
        this.worker = undefined;
        this.ready = undefined;
        this.generation++;
        const failure =
          error instanceof Error
            ? error
            : new EngineError(ENGINE_UNAVAILABLE_CODE, 'the database engine stopped');
        if (!opened) reject(failure);
        this.failAll(
          new EngineError(ENGINE_UNAVAILABLE_CODE, `the database engine stopped: ${failure.message}`),
        );
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`worker exited with code ${code}`)));
    });
    this.ready = ready;
    const started = () => {
      if (this.ready === ready || this.ready === undefined) this.starting = false;
      this.updateRef();
    };
    // A failed start is reported to whoever awaits it; the next call starts a new worker.
    ready.then(started, started);
    if (restart && this.listeners.size > 0)
      ready.then(
        () => this.relisten(),
        () => undefined,
      );
    return ready;
  }

  private async relisten(): Promise<void> {
    for (const [channel, listeners] of this.listeners) {
      await this.call('listen', { channel }, false).catch(() => undefined);
      for (const listener of listeners) listener.onReconnect?.();
    }
  }

  /** Sends one operation and waits for its answer, within the statement timeout when one is set. */
  async call<T>(
    op: 'query' | 'exec' | 'close' | 'listen' | 'unlisten',
    payload: { sql?: string; params?: unknown[]; channel?: string } = {},
    timed = true,
  ): Promise<T> {
    if (this.closed && op !== 'close')
      throw new EngineError(ENGINE_UNAVAILABLE_CODE, 'the database is closed');
    this.waiting++;
    this.updateRef();
    try {
      await (this.ready ?? this.start());
      const worker = this.worker;
      if (!worker) throw new EngineError(ENGINE_UNAVAILABLE_CODE, 'the database engine stopped');
      const id = this.nextId++;
      return await new Promise<T>((resolve, reject) => {
        const entry: Pending = { resolve: resolve as (value: unknown) => void, reject };
        if (timed && this.timeoutMs > 0 && this.canTimeOut) {
          entry.timer = setTimeout(() => this.cancel(worker, id), this.timeoutMs);
        }
        this.pending.set(id, entry);
        try {
          worker.postMessage({ id, op, ...payload });
        } catch (error) {
          // A parameter that cannot be cloned never reaches the worker: fail this call only.
          this.pending.delete(id);
          if (entry.timer) clearTimeout(entry.timer);
          reject(error);
        }
      });
    } finally {
      this.waiting--;
      this.updateRef();
    }
  }

  /** The statement overran: end the worker (the only way to stop WASM mid-statement) and open a new one. */
  private cancel(worker: Worker, id: number): void {
    if (this.worker !== worker) return;
    const entry = this.pending.get(id);
    this.pending.delete(id);
    this.worker = undefined;
    this.ready = undefined;
    this.generation++;
    entry?.reject(statementTimeoutError());
    this.failAll(
      new EngineError(ENGINE_UNAVAILABLE_CODE, 'the database engine restarted after a statement timeout'),
    );
    log.warn(`[embedded-backend] a statement ran longer than ${this.timeoutMs} ms: PGlite worker restarted`);
    void worker.terminate();
    // Reopen now rather than on the next request, so the restart overlaps the time until someone needs it.
    if (!this.closed)
      this.start().catch((error: unknown) =>
        log.error('[embedded-backend] PGlite restart failed', { err: error }),
      );
  }

  private settle(reply: WorkerReply): void {
    const entry = this.pending.get(reply.id as number);
    if (!entry) return;
    this.pending.delete(reply.id as number);
    if (entry.timer) clearTimeout(entry.timer);
    if (reply.ok) entry.resolve(reply.result);
    else entry.reject(toError(reply.error));
    // A WebAssembly trap leaves PGlite unusable: end this worker so the next call opens a fresh one.
    if (!reply.ok && reply.error?.name === 'RuntimeError') void this.worker?.terminate();
  }

  private failAll(error: Error): void {
    for (const entry of this.pending.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      entry.reject(error);
    }
    this.pending.clear();
  }

  /** An idle worker does not keep the process alive (as PGlite in-process did not); a busy one does. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.waiting > 0 || this.starting) this.worker.ref();
    else this.worker.unref();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    try {
      await this.call('close', {}, false);
    } finally {
      this.worker = undefined;
      this.ready = undefined;
      await worker.terminate();
    }
  }
}

/** Wraps one PGlite instance in a worker thread; every statement and every transaction is serialized through one mutex. */
export async function openPgliteDatabase(dataDir: string): Promise<Database & { dataDir: string }> {
  const engine = new PgliteWorker(dataDir);
  await engine.start();
  const mutex = new AsyncMutex();
  let heldSince: number | undefined;
  /** Owns the one connection, recording since when: a server render can tell it waits behind someone else's statement. */
  const hold = <T>(fn: () => Promise<T>): Promise<T> =>
    mutex.run(async () => {
      heldSince = performance.now();
      try {
        return await fn();
      } finally {
        heldSince = undefined;
      }
    });

  const rawQuery = async <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> =>
    engine.call<QueryResult<Row>>('query', { sql, params: params ? [...params] : undefined });
  const rawExec = (sql: string) => engine.call<void>('exec', { sql });
  // Marks the async context that owns the open transaction, so a stray db.query() inside it joins instead of deadlocking.
  const inTransaction = new AsyncLocalStorage<number>();
  /** A statement inside a transaction whose worker was restarted would run outside it: refuse instead. */
  const sameGeneration = (generation: number) => {
    if (engine.generation !== generation) {
      throw new EngineError(
        ENGINE_UNAVAILABLE_CODE,
        'the transaction was cancelled because the database engine restarted',
      );
    }
  };
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const generation = inTransaction.getStore();
    if (generation === undefined) return hold(fn);
    sameGeneration(generation);
    return fn();
  };
  const tx: Queryable = {
    query: async (sql, params) => {
      const generation = inTransaction.getStore();
      if (generation !== undefined) sameGeneration(generation);
      return rawQuery(sql, params);
    },
  };

  return {
    kind: 'pglite',
    dataDir,
    query: (sql, params) => exclusive(() => rawQuery(sql, params)),
    exec: (sql) =>
      exclusive(async () => {
        const generation = engine.generation;
        try {
          await rawExec(sql);
        } catch (error) {
          // A failed script that opened a transaction must not leave the single connection aborted.
          if (engine.generation === generation) await rawExec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    transaction: (fn) =>
      hold(async () => {
        await rawExec('BEGIN');
        const generation = engine.generation;
        try {
          const value = await inTransaction.run(generation, () => fn(tx));
          sameGeneration(generation);
          await rawExec('COMMIT');
          return value;
        } catch (error) {
          // After a restart there is no transaction left to roll back (recovery dropped it).
          if (engine.generation === generation) await rawExec('ROLLBACK').catch(() => undefined);
          throw error;
        }
      }),
    setStatementTimeout: (ms) => {
      engine.timeoutMs = Math.max(0, Math.floor(ms));
    },
    heldSince: () => heldSince,
    listen: async (channel, onPayload, onReconnect) => {
      const listener: Listener = { onPayload, onReconnect };
      let listeners = engine.listeners.get(channel);
      if (!listeners) {
        listeners = new Set();
        engine.listeners.set(channel, listeners);
        await engine.call('listen', { channel }, false);
      }
      listeners.add(listener);
      return async () => {
        const set = engine.listeners.get(channel);
        if (!set?.delete(listener) || set.size > 0) return;
        engine.listeners.delete(channel);
        await engine.call('unlisten', { channel }, false).catch(() => undefined);
      };
    },
    close: () => hold(() => engine.close()),
  };
}
