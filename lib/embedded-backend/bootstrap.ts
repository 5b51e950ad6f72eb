import { getEnv } from '@/lib/env';
import { createBackendHandler, type BackendHandler } from './backend-handler';
import { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from './db/open-database';
import type { Database } from './db/types';
import { saveTemplate } from './db/pglite-template';
import { migrate, type MigrateResult } from './schema/migrate';
import { MIGRATIONS } from './schema/migrations';
import { startDemoTicker, type DemoTicker } from './ticker';
import { analyzeTables, seedDatabase, statisticsMissing, type SeedOptions, type SeedResult } from './seed';

/** Identifies the schema a PGlite template was built with. */
export const SCHEMA_TEXT = MIGRATIONS.map((m) => `${m.version}:${m.sql}`).join('\n');

export interface PrepareResult {
  migrate: MigrateResult;
  seed: SeedResult | null;
}

export interface PrepareOptions {
  seed?: SeedOptions | false;
  /** The statement timeout set once the database is ready to serve (default DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/**
 * Applies migrations and seeds the demo data when the database has none (seed: false skips seeding), then bounds
 * every later statement by the statement timeout: migrations and the seed may run long, requests may not.
 */
export async function prepareDatabase(db: Database | OpenedDatabase, options: PrepareOptions = {}): Promise<PrepareResult> {
  const migrated = await migrate(db);
  // A PGlite cold start that paid for initdb leaves a migrated, empty copy behind for the next cold start.
  if ('fresh' in db && db.fresh && !db.fromTemplate && db.dataDir && db.templateDir) {
    await saveTemplate(db, db.dataDir, db.templateDir);
  }
  const seeded = options.seed === false ? null : await seedDatabase(db, options.seed ?? {});
  // A database seeded by an older build has no statistics; gather them once so its plans match a fresh one.
  if (!seeded?.seeded && (await statisticsMissing(db))) await analyzeTables(db);
  db.setStatementTimeout(options.statementTimeoutMs ?? getEnv().DB_STATEMENT_TIMEOUT_MS);
  return { migrate: migrated, seed: seeded };
}

export interface EmbeddedBackend {
  db: OpenedDatabase;
  handler: BackendHandler;
  /** The demo liveness ticker, absent under NODE_ENV=test; started unless DEMO_TICKER=false, stopped by db.close(). */
  ticker?: DemoTicker;
  startup: PrepareResult & { openMs: number; totalMs: number };
}

export interface EmbeddedBackendOptions extends OpenDatabaseOptions, PrepareOptions {}

/** Opens, migrates and seeds a database and builds the handler over it. */
export async function createEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  const started = performance.now();
  const db = await openDatabase({ templateSchema: SCHEMA_TEXT, ...options });
  const openMs = Math.round(performance.now() - started);
  try {
    const prepared = await prepareDatabase(db, { seed: options.seed, statementTimeoutMs: options.statementTimeoutMs });
    const handler = createBackendHandler(db);
    // Test runners drive ticks themselves with a controlled clock, so nothing ticks behind their back.
    const ticker = getEnv().NODE_ENV === 'test' ? undefined : startDemoTicker(db);
    const closeDb = db.close.bind(db);
    // The ticker stops (waiting for a pass in progress) before the database it writes to closes.
    const wired = Object.assign(db, {
      close: async () => {
        await ticker?.stop();
        await closeDb();
      },
    });
    return { db: wired, handler, ticker, startup: { ...prepared, openMs, totalMs: Math.round(performance.now() - started) } };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

type GlobalWithBackend = typeof globalThis & { __opsConsoleEmbeddedBackend?: Promise<EmbeddedBackend> };
const globalStore = globalThis as GlobalWithBackend;

/**
 * The process-wide embedded backend (one PGlite per process, shared by route handlers and server components).
 * Options apply only to the first call; a failed start is not cached so the next request retries.
 */
export function getEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  let pending = globalStore.__opsConsoleEmbeddedBackend;
  if (!pending) {
    pending = createEmbeddedBackend(options);
    globalStore.__opsConsoleEmbeddedBackend = pending;
    pending.catch(() => {
      if (globalStore.__opsConsoleEmbeddedBackend === pending) globalStore.__opsConsoleEmbeddedBackend = undefined;
    });
  }
  return pending;
}

/** The shared, migrated and seeded database of this process. */
export async function getDatabase(): Promise<Database> {
  return (await getEmbeddedBackend()).db;
}

/** Closes the shared backend (SIGTERM, tests); the next use opens it again. */
export async function closeEmbeddedBackend(): Promise<void> {
  const pending = globalStore.__opsConsoleEmbeddedBackend;
  globalStore.__opsConsoleEmbeddedBackend = undefined;
  if (!pending) return;
  const backend = await pending.catch(() => undefined);
  await backend?.db.close();
}
