import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from './types';

/**
 * A migrated, empty PGlite cluster kept in the temporary folder: PGlite's initdb costs 4–7 s on a 2-core box, a
 * copy of a finished cluster about 0.3 s, so every cold start after the first on a machine starts from the copy.
 */

/** The template of one schema version; a new migration set gets a new template. */
export function templateDir(schemaSql: string): string {
  const key = createHash('sha256').update(schemaSql).digest('hex').slice(0, 16);
  return path.join(tmpdir(), `ops-console-pglite-template-${key}`);
}

/** True when the directory is missing or empty (a cold start). */
export function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return true;
  }
}

/** Copies the template into an empty data directory; false when there is none (or the copy failed). */
export function restoreTemplate(template: string, dataDir: string): boolean {
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false;
  try {
    cpSync(template, dataDir, { recursive: true });
    return true;
  } catch {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    return false;
  }
}

/**
 * Saves a freshly migrated, still empty cluster as the template. A CHECKPOINT first makes the files consistent;
 * nothing else writes meanwhile because the caller has not served a request yet. Best effort: failures are ignored.
 */
export async function saveTemplate(db: Database, dataDir: string, template: string): Promise<void> {
  if (existsSync(template)) return;
  const staging = `${template}.${process.pid}.tmp`;
  try {
    await db.exec('CHECKPOINT');
    cpSync(dataDir, staging, { recursive: true });
    renameSync(staging, template);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
}
