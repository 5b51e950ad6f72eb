import type { Queryable } from '../db/types';

export type SeedRow = Record<string, unknown>;

const BATCH = 4000;

/**
 * Inserts rows in large batches with one JSON parameter per batch. Column names come from the seed code (never from
 * a request); listing them lets omitted columns take their defaults instead of NULL.
 */
export async function bulkInsert(db: Queryable, table: string, rows: readonly SeedRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (!/^[a-z_]+$/.test(table)) throw new Error(`bad seed table ${table}`);
  // Rows are grouped by their key set: a missing key must mean "column default", which a NULL from JSON would not.
  const groups = new Map<string, SeedRow[]>();
  for (const row of rows) {
    const defined = Object.keys(row).filter((k) => row[k] !== undefined);
    const key = defined.sort().join(',');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const [key, groupRows] of groups) {
    const columns = key.split(',');
    for (const c of columns) if (!/^[a-z_0-9]+$/.test(c)) throw new Error(`bad seed column ${c}`);
    const list = columns.map((c) => (c === 'from' ? '"from"' : c)).join(', ');
    for (let i = 0; i < groupRows.length; i += BATCH) {
      const batch = groupRows.slice(i, i + BATCH);
      await db.query(
        `INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(null::${table}, $1)`,
        [JSON.stringify(batch)],
      );
    }
  }
}
