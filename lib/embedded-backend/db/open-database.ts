import { accessSync, constants, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { openPgliteDatabase } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';
import type { Database } from './types';

export interface OpenDatabaseOptions {
  /** PGlite data directory; defaults to PGLITE_DIR. Ignored when databaseUrl is given. */
  dataDir?: string;
  /** A PostgreSQL connection string; defaults to DATABASE_URL. Pass null to force PGlite. */
  databaseUrl?: string | null;
}

export type OpenedDatabase = Database & {
  /** The PGlite directory in use (after any read-only fallback), or undefined for PostgreSQL. */
  readonly dataDir?: string;
  /** A printable description of the engine for logs. */
  readonly description: string;
};

/** Creates the directory (with parents) and proves it is writable; false on read-only filesystems. */
function ensureWritableDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Resolves the PGlite directory, falling back to a fresh temporary folder where the configured one is read-only. */
export function resolvePgliteDir(configured: string): string {
  const dir = path.resolve(configured);
  if (ensureWritableDir(dir)) return dir;
  const fallback = mkdtempSync(path.join(tmpdir(), 'ops-console-pglite-'));
  console.warn(
    `[embedded-backend] data directory ${dir} is not writable (read-only filesystem?); using temporary ${fallback} — data will not survive a restart`,
  );
  return fallback;
}

/** Opens the engine only (no migrations): PostgreSQL when a URL is configured, otherwise PGlite on disk. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const env = getEnv();
  const url = options.databaseUrl === undefined ? env.DATABASE_URL : options.databaseUrl;
  if (url) {
    const db = await openPostgresDatabase(url);
    const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    return Object.assign(db, { description: `postgres ${safe}` });
  }
  const dataDir = resolvePgliteDir(options.dataDir ?? env.PGLITE_DIR);
  const db = await openPgliteDatabase(dataDir);
  return Object.assign(db, { description: `pglite ${dataDir}` });
}
