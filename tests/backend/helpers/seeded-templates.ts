import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { prepareDatabase, SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { openDatabase } from '@/lib/embedded-backend/db/open-database';
import { startPgCluster, stopPgCluster, type PgCluster } from './pg-cluster';

/**
 * One migrated, seeded demo database per engine and test run, copied for every backend a test starts: seeding the
 * demo data (~160,000 rows) costs ~10 s per engine on this machine, a copy about one. The run's folder is made by
 * the backend suite's global setup (tests/backend/global-setup.ts); without it every backend seeds its own.
 */
const ROOT_ENV = 'BACKEND_TEST_TEMPLATES';
const TEMPLATE_DATABASE = 'appdb';

export function templatesRoot(): string | undefined {
  return process.env[ROOT_ENV];
}

export function createTemplatesRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'ops-console-templates-'));
  process.env[ROOT_ENV] = root;
  return root;
}

/** Stops the template cluster, if a worker started one, and deletes the run's folder. */
export async function removeTemplatesRoot(root: string): Promise<void> {
  const clusterFile = path.join(root, 'postgres.json');
  if (existsSync(clusterFile)) {
    const { dir } = JSON.parse(readFileSync(clusterFile, 'utf8')) as { dir: string };
    await stopPgCluster(dir);
  }
  rmSync(root, { recursive: true, force: true });
}

/** Builds `name` once per run across the suite's workers: the first takes the lock, the others wait for its marker. */
async function buildOnce(
  root: string,
  name: string,
  build: (target: string) => Promise<void>,
): Promise<string> {
  const target = path.join(root, name);
  const ready = `${target}.ready`;
  const lock = `${target}.building`;
  for (;;) {
    if (existsSync(ready)) return target;
    try {
      mkdirSync(lock);
    } catch {
      await sleep(250);
      continue;
    }
    try {
      if (!existsSync(ready)) {
        await build(target);
        writeFileSync(ready, '');
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A new PGlite data directory holding a copy of the run's seeded demo database. */
export async function seededPgliteCopy(root: string): Promise<string> {
  const template = await buildOnce(root, 'pglite', async (target) => {
    const db = await openDatabase({ dataDir: target, databaseUrl: null, templateSchema: SCHEMA_TEXT });
    await prepareDatabase(db);
    await db.close();
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-console-core-'));
  cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

let copies = 0;

/** A new database, copied from the run's seeded one, in the run's shared PostgreSQL cluster; drop() removes it. */
export async function seededPostgresCopy(root: string): Promise<{ url: string; drop(): Promise<void> }> {
  const clusterFile = path.join(root, 'postgres.json');
  await buildOnce(root, 'postgres', async () => {
    const cluster: PgCluster = await startPgCluster();
    writeFileSync(clusterFile, JSON.stringify({ dir: cluster.dir, port: cluster.port, url: cluster.url }));
    const db = await openDatabase({ databaseUrl: cluster.url });
    await prepareDatabase(db);
    await db.close();
  });
  const { port } = JSON.parse(readFileSync(clusterFile, 'utf8')) as { port: number };
  const name = `copy_${process.pid}_${++copies}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: `postgresql://app@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  for (let attempt = 1; ; attempt++) {
    try {
      // FILE_COPY copies the template's files instead of logging every block (fsync is off in this cluster).
      await admin(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE} STRATEGY FILE_COPY`);
      break;
    } catch (error) {
      // Another worker's copy of the template in progress holds it for a moment.
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await sleep(250);
    }
  }
  return {
    url: `postgresql://app@127.0.0.1:${port}/${name}`,
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
