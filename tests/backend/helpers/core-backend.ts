import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { openDatabase, type OpenedDatabase } from '@/lib/embedded-backend/db/open-database';
import {
  startBackendServer,
  type BackendServer,
  type BackendServerOptions,
} from '@/scripts/lib/backend-http-server';
import { pgBinariesAvailable, startPgCluster, type PgCluster } from './pg-cluster';
import { seededPgliteCopy, seededPostgresCopy, templatesRoot } from './seeded-templates';

export type Engine = 'pglite' | 'postgres';

/** The engines the core suite runs on; PostgreSQL only where its binaries exist (with a clear message otherwise). */
export function coreEngines(): Engine[] {
  if (pgBinariesAvailable()) return ['pglite', 'postgres'];
  console.warn(
    '[tests] PostgreSQL 15 binaries not found in /usr/lib/postgresql/15/bin: skipping the PostgreSQL runs',
  );
  return ['pglite'];
}

/** A fixed secret so tests never write .data/auth-secret and tokens are reproducible. */
export const TEST_AUTH_SECRET = 'core-tests-secret-0123456789abcdef';

export interface CoreBackend {
  engine: Engine;
  url: string;
  server: BackendServer;
  db: OpenedDatabase;
  /** PGlite directory or PostgreSQL connection string, to reopen the same data. */
  location: { dataDir?: string; databaseUrl?: string };
  /** Stops the server and closes the database, keeping the data (for restart tests). */
  stopServer(): Promise<void>;
  /** Stops everything and deletes the data. */
  dispose(): Promise<void>;
}

/**
 * Opens a fresh seeded database of the engine (a copy of the run's seeded template, or a temp PGlite dir or a
 * throw-away cluster seeded here) and serves it on a random port.
 */
export async function startCoreBackend(
  engine: Engine,
  options: Pick<BackendServerOptions, 'clerk' | 'events'> & {
    /**
     * A cluster of its own on PostgreSQL: transaction ids are cluster-wide, so tests that count snapshot-keyed
     * reads must not share a cluster with the other files' writes.
     */
    privateCluster?: boolean;
  } = {},
): Promise<CoreBackend> {
  process.env.AUTH_SECRET = TEST_AUTH_SECRET;
  const { privateCluster = false, ...serverOptions } = options;
  const templates = privateCluster && engine === 'postgres' ? undefined : templatesRoot();
  let cluster: PgCluster | undefined;
  let copy: { url: string; drop(): Promise<void> } | undefined;
  let dataDir: string | undefined;
  if (engine === 'postgres') {
    if (templates) copy = await seededPostgresCopy(templates);
    else cluster = await startPgCluster();
  } else {
    dataDir = templates
      ? await seededPgliteCopy(templates)
      : mkdtempSync(path.join(tmpdir(), 'ops-console-core-'));
  }
  const databaseUrl = copy?.url ?? cluster?.url;
  const location = databaseUrl ? { databaseUrl } : { dataDir };
  const db = await openDatabase(
    databaseUrl ? { databaseUrl } : { dataDir, databaseUrl: null, templateSchema: SCHEMA_TEXT },
  );
  const server = await startBackendServer({ port: 0, database: db, ...serverOptions });
  let stopped = false;
  const stopServer = async () => {
    if (stopped) return;
    stopped = true;
    await server.close();
    await db.close();
  };
  return {
    engine,
    url: server.url,
    server,
    db,
    location,
    stopServer,
    dispose: async () => {
      await stopServer();
      if (copy) await copy.drop();
      if (cluster) await cluster.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Basic authorization header for a demo person. */
export function basic(username: string, password = 'demo'): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}
