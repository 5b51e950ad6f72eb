import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoDataEnabled, getEnv } from '@/lib/env';
import { previewInfo } from '@/lib/preview';
import { withStartupLock } from './advisory-locks';
import { createBackendHandler, type BackendHandler } from './backend-handler';
import { openDatabase, type OpenDatabaseOptions, type OpenedDatabase } from './db/open-database';
import type { Database } from './db/types';
import { saveTemplate } from './db/pglite-template';
import { migrate, type MigrateResult } from './schema/migrate';
import { MIGRATIONS } from './schema/migrations';
import { startDemoTicker, type DemoTicker } from './ticker';
import { log } from '@/lib/telemetry/probes';
import { analyzeTables, seedDatabase, statisticsMissing, type SeedOptions, type SeedResult } from './seed';

/** Identifies the schema a PGlite template was built with. */
export const SCHEMA_TEXT = MIGRATIONS.map((m) => `${m.version}:${m.sql}`).join('\n');

export interface PrepareResult {
  migrate: MigrateResult;
  seed: SeedResult | null;
  /** Whether pg_trgm and the trigram search indexes are in place (migration 0350). */
  searchIndexes: boolean;
}

export interface PrepareOptions {
  seed?: SeedOptions | false;
  /** The statement timeout set once the database is ready to serve (default DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

/**
 * Applies migrations and seeds the demo data when the database has none (seed: false skips seeding), then bounds
 * every later statement by the statement timeout: migrations and the seed may run long, requests may not.
 * Instances sharing one PostgreSQL do this one at a time under an advisory lock: the first applies, the others
 * then find everything applied and seeded.
 */
export async function prepareDatabase(
  db: Database | OpenedDatabase,
  options: PrepareOptions = {},
): Promise<PrepareResult> {
  const prepared = await withStartupLock(db, () => prepareLocked(db, options));
  db.setStatementTimeout(options.statementTimeoutMs ?? getEnv().DB_STATEMENT_TIMEOUT_MS);
  return prepared;
}

async function prepareLocked(db: Database | OpenedDatabase, options: PrepareOptions): Promise<PrepareResult> {
  const migrated = await migrate(db);
  const searchIndexes = await ensureSearchIndexes(db);
  // A PGlite cold start that paid for initdb leaves a migrated, empty copy behind for the next cold start.
  if ('fresh' in db && db.fresh && !db.fromTemplate && db.dataDir && db.templateDir) {
    await saveTemplate(db, db.dataDir, db.templateDir);
  }
  const seeded = options.seed === false ? null : await seedDatabase(db, options.seed ?? {});
  // A database seeded by an older build has no statistics; gather them once so its plans match a fresh one.
  if (!seeded?.seeded && (await statisticsMissing(db))) await analyzeTables(db);
  return { migrate: migrated, seed: seeded, searchIndexes };
}

/**
 * Builds the trigram search indexes when pg_trgm can be had (a database migrated before the extension was installed
 * gets them at its next start); without it, says once per start what is slower.
 */
async function ensureSearchIndexes(db: Database): Promise<boolean> {
  const result = await db.query<{ ok: boolean }>('SELECT console_internal.ensure_search_indexes() AS ok');
  const ok = result.rows[0]?.ok === true;
  if (!ok)
    log.warn(
      '[embedded-backend] pg_trgm is not available to this database role (CREATE EXTENSION pg_trgm failed): ' +
        'free-text searches (catalog search, palette and health lookups, incident titles) scan every row instead ' +
        'of using trigram indexes; same answers, slower on large catalogs. Ask an administrator to run ' +
        '`CREATE EXTENSION pg_trgm` in this database; the indexes are built at the next start.',
    );
  return ok;
}

export interface EmbeddedBackend {
  db: OpenedDatabase;
  handler: BackendHandler;
  /** The demo liveness ticker, absent under NODE_ENV=test; started unless DEMO_TICKER=false, stopped by db.close(). */
  ticker?: DemoTicker;
  startup: PrepareResult & { openMs: number; totalMs: number };
}

export interface EmbeddedBackendOptions extends OpenDatabaseOptions, PrepareOptions {}

/**
 * A preview deployment's own data directory: new and empty at every start (so it gets fresh demo data), in the
 * temporary folder, and deleted when the backend closes. The name carries the label for whoever looks at /tmp.
 */
export function createPreviewDataDir(label: string): string {
  const slug =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'preview';
  return mkdtempSync(path.join(tmpdir(), `ops-console-preview-${slug}-`));
}

/** Opens, migrates and seeds a database and builds the handler over it. */
export async function createEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  const started = performance.now();
  const env = getEnv();
  const databaseUrl = options.databaseUrl === undefined ? env.DATABASE_URL : options.databaseUrl;
  const preview = !databaseUrl && options.dataDir === undefined ? previewInfo(env) : undefined;
  const previewDir = preview ? createPreviewDataDir(preview.label) : undefined;
  if (previewDir)
    log.info(`[embedded-backend] preview deployment: fresh demo data in ${previewDir} (deleted at shutdown)`);
  let db: OpenedDatabase;
  try {
    db = await openDatabase({
      templateSchema: SCHEMA_TEXT,
      ...options,
      ...(previewDir ? { dataDir: previewDir } : {}),
    });
  } catch (error) {
    if (previewDir) rmSync(previewDir, { recursive: true, force: true });
    throw error;
  }
  const openMs = Math.round(performance.now() - started);
  // Bound before db.close is replaced below: the replacement calls this one.
  const closeEngine = db.close.bind(db);
  const closeDb = async () => {
    await closeEngine();
    if (previewDir) rmSync(previewDir, { recursive: true, force: true });
  };
  try {
    // No demo data (and so no demo accounts with the password `demo`) unless wanted: see demoDataEnabled.
    const seed =
      options.seed ??
      (demoDataEnabled({ ...env, DATABASE_URL: databaseUrl ?? undefined }) ? undefined : false);
    const prepared = await prepareDatabase(db, { seed, statementTimeoutMs: options.statementTimeoutMs });
    const handler = createBackendHandler(db);
    // Test runners drive ticks themselves with a controlled clock, so nothing ticks behind their back. On a shared
    // PostgreSQL only the instance holding the ticker's advisory lock ticks.
    const ticker =
      env.NODE_ENV === 'test'
        ? undefined
        : startDemoTicker(db, databaseUrl ? { shared: { connectionString: databaseUrl } } : {});
    // The ticker stops (waiting for a pass in progress, releasing its leadership) before the database it writes to closes.
    const wired = Object.assign(db, {
      close: async () => {
        await ticker?.stop();
        await closeDb();
      },
    });
    return {
      db: wired,
      handler,
      ticker,
      startup: { ...prepared, openMs, totalMs: Math.round(performance.now() - started) },
    };
  } catch (error) {
    await closeDb().catch(() => undefined);
    throw error;
  }
}

type GlobalWithBackend = typeof globalThis & {
  __opsConsoleEmbeddedBackend?: Promise<EmbeddedBackend>;
  /** Whether the pending start above has finished (readiness must not wait for it). */
  __opsConsoleEmbeddedBackendReady?: boolean;
  /** The started backend's database, for synchronous questions about its connection. */
  __opsConsoleEmbeddedDatabase?: Database;
};
const globalStore = globalThis as GlobalWithBackend;

/**
 * The process-wide embedded backend (one PGlite per process, shared by route handlers and server components).
 * Options apply only to the first call; a failed start is not cached so the next request retries.
 */
export function getEmbeddedBackend(options: EmbeddedBackendOptions = {}): Promise<EmbeddedBackend> {
  let pending = globalStore.__opsConsoleEmbeddedBackend;
  if (!pending) {
    const started = createEmbeddedBackend(options);
    pending = started;
    globalStore.__opsConsoleEmbeddedBackend = started;
    globalStore.__opsConsoleEmbeddedBackendReady = false;
    started.then(
      (backend) => {
        if (globalStore.__opsConsoleEmbeddedBackend !== started) return;
        globalStore.__opsConsoleEmbeddedBackendReady = true;
        globalStore.__opsConsoleEmbeddedDatabase = backend.db;
      },
      () => {
        if (globalStore.__opsConsoleEmbeddedBackend === started)
          globalStore.__opsConsoleEmbeddedBackend = undefined;
      },
    );
  }
  return pending;
}

/** True once this process's embedded backend is open, migrated and seeded (false while starting or never started). */
export function embeddedBackendReady(): boolean {
  return Boolean(globalStore.__opsConsoleEmbeddedBackend && globalStore.__opsConsoleEmbeddedBackendReady);
}

/**
 * Since when (performance.now()) the running statement has held this process's PGlite connection; undefined while
 * it is free, before the backend started and on PostgreSQL (a pool).
 */
export function embeddedConnectionHeldSince(): number | undefined {
  return globalStore.__opsConsoleEmbeddedDatabase?.heldSince?.();
}

/** The shared, migrated and seeded database of this process. */
export async function getDatabase(): Promise<Database> {
  return (await getEmbeddedBackend()).db;
}

/** Closes the shared backend (SIGTERM, tests); the next use opens it again. */
export async function closeEmbeddedBackend(): Promise<void> {
  const pending = globalStore.__opsConsoleEmbeddedBackend;
  globalStore.__opsConsoleEmbeddedBackend = undefined;
  globalStore.__opsConsoleEmbeddedBackendReady = false;
  globalStore.__opsConsoleEmbeddedDatabase = undefined;
  if (!pending) return;
  const backend = await pending.catch(() => undefined);
  await backend?.db.close();
}
