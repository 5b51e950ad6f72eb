import { checkDisplayName } from '@/lib/health/check-name';
import type { HealthCheck } from '@/lib/health/types';

export const PIVOT_NO_VALUE = '(none)';

export interface PivotRow {
  /** The check's display name: the same check run under several label values lands in one row. */
  key: string;
  cells: Record<string, HealthCheck[]>;
}

export interface PivotTable {
  columns: string[];
  rows: PivotRow[];
}

/**
 * Pivots checks by a label key: each value of the label becomes a column and each check name a row, so that the
 * same check in several regions or environments is read across (spec 000 §2 "pivoting is supported").
 */
export function pivotChecks(checks: readonly HealthCheck[], labelKey: string): PivotTable {
  const columns = new Set<string>();
  const rows = new Map<string, PivotRow>();
  for (const check of checks) {
    const column = check.labels[labelKey] ?? PIVOT_NO_VALUE;
    columns.add(column);
    const key = checkDisplayName(check);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, cells: {} }));
    (row.cells[column] ??= []).push(check);
  }
  const sortedColumns = [...columns].sort((a, b) =>
    a === PIVOT_NO_VALUE ? 1 : b === PIVOT_NO_VALUE ? -1 : a.localeCompare(b),
  );
  const sortedRows = [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { columns: sortedColumns, rows: sortedRows };
}
