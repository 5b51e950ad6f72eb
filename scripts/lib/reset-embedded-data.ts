import { rmSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { createEmbeddedBackend, type EmbeddedBackend } from '@/lib/embedded-backend/bootstrap';
import { openDatabase } from '@/lib/embedded-backend/db/open-database';
import type { SeedOptions } from '@/lib/embedded-backend/seed';

/**
 * Wipes the embedded backend's data and regenerates it: PGlite's directory is deleted; on PostgreSQL the public
 * schema is dropped and recreated. Never run it while another process has the same database open.
 */
export async function resetEmbeddedData(
  options: { dataDir?: string; databaseUrl?: string | null; seed?: SeedOptions } = {},
): Promise<EmbeddedBackend> {
  const url = options.databaseUrl === undefined ? getEnv().DATABASE_URL : options.databaseUrl;
  if (url) {
    const db = await openDatabase({ databaseUrl: url });
    try {
      await db.exec('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
    } finally {
      await db.close();
    }
  } else {
    rmSync(path.resolve(options.dataDir ?? getEnv().PGLITE_DIR), { recursive: true, force: true });
  }
  return createEmbeddedBackend({
    dataDir: options.dataDir,
    databaseUrl: url ?? null,
    seed: options.seed ?? {},
  });
}
