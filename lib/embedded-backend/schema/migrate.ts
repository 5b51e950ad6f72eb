import type { Database } from '../db/types';
import { MIGRATIONS } from './migrations';

export interface MigrateResult {
  applied: number[];
  durationMs: number;
}

/** Applies pending migrations, each in its own transaction, and records them in schema_migrations. */
export async function migrate(db: Database): Promise<MigrateResult> {
  const started = performance.now();
  await db.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version integer PRIMARY KEY,
       name text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const done = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
  const have = new Set(done.rows.map((r) => Number(r.version)));
  const applied: number[] = [];
  for (const m of MIGRATIONS) {
    if (have.has(m.version)) continue;
    // The script runs as one simple-protocol batch inside BEGIN/COMMIT so a failure leaves nothing half-applied.
    await db.exec(
      `BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (version, name) VALUES (${m.version}, '${m.name.replace(/'/g, "''")}');\nCOMMIT;`,
    );
    applied.push(m.version);
  }
  return { applied, durationMs: Math.round(performance.now() - started) };
}
