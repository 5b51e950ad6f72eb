import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { openPgliteDatabase } from './pglite-database';
import { lockDataDir } from './data-dir-lock';
import { isEmptyDir, restoreTemplate, templateDir } from './pglite-template';
import type { Database } from './types';
import { log } from '@/lib/telemetry/probes';

export interface OpenDatabaseOptions {
  /** PGlite data directory; defaults to PGLITE_DIR. Ignored when databaseUrl is given. */
  dataDir?: string;
  /** A PostgreSQL connection string; defaults to DATABASE_URL. Pass null to force PGlite. */
  databaseUrl?: string | null;
  /**
   * Schema text identifying a PGlite template: an empty data directory starts as a copy of the template of this
   * schema when one exists (see pglite-template.ts). Unset: always a fresh initdb.
   */
  templateSchema?: string;
}

export type OpenedDatabase = Database & {
  /** The PGlite directory in use (after any read-only fallback), or undefined for PostgreSQL. */
  readonly dataDir?: string;
  /** A printable description of the engine for logs. */
  readonly description: string;
  /** PGlite: the directory was empty at open (a cold start). */
  readonly fresh?: boolean;
  /** PGlite: the cold start began from a template copy instead of initdb. */
  readonly fromTemplate?: boolean;
  /** PGlite: where this schema's template lives (or would live). */
  readonly templateDir?: string;
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
  log.warn(
    `[embedded-backend] data directory ${dir} is not writable (read-only filesystem?); using temporary ${fallback} — data will not survive a restart`,
  );
  return fallback;
}

/** Opens the engine only (no migrations): PostgreSQL when a URL is configured, otherwise PGlite on disk. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const env = getEnv();
  const url = options.databaseUrl === undefined ? env.DATABASE_URL : options.databaseUrl;
  if (url) {
    // Loaded only when configured: PGlite deployments never pay for pg's start-up.
    const { openPostgresDatabase } = await import('./postgres-database');
    const db = await openPostgresDatabase(url);
    const safe = url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
    return Object.assign(db, { description: `postgres ${safe}` });
  }
  const dataDir = resolvePgliteDir(options.dataDir ?? env.PGLITE_DIR);
  const release = lockDataDir(dataDir);
  try {
    const db = await openPglite(dataDir, options.templateSchema);
    const close = db.close.bind(db);
    return Object.assign(db, {
      close: async () => {
        await close();
        release();
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}

async function openPglite(dataDir: string, templateSchema: string | undefined): Promise<OpenedDatabase> {
  const fresh = isEmptyDir(dataDir);
  const template = templateSchema === undefined ? undefined : templateDir(templateSchema);
  const fromTemplate = fresh && template !== undefined && restoreTemplate(template, dataDir);
  let db: Database & { dataDir: string };
  try {
    db = await openPgliteDatabase(dataDir);
  } catch (error) {
    if (!fromTemplate) throw error;
    // A template from an incompatible PGlite build must not block start-up: start over with initdb.
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    db = await openPgliteDatabase(dataDir);
    return Object.assign(db, {
      description: `pglite ${dataDir}`,
      fresh,
      fromTemplate: false,
      templateDir: template,
    });
  }
  return Object.assign(db, {
    description: `pglite ${dataDir}${fromTemplate ? ' (from template)' : ''}`,
    fresh,
    fromTemplate,
    templateDir: template,
  });
}
