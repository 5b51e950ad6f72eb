/** The column of items that have no value for the pivot key. */
export const PIVOT_NO_VALUE = '(none)';

export interface PivotRow<T> {
  key: string;
  /** The items of this row per column value. */
  cells: Record<string, T[]>;
}

export interface Pivot<T> {
  columns: string[];
  rows: PivotRow<T>[];
}

/**
 * Pivots items by a key: each value of `columnOf` becomes a column and each value of `rowOf` a row, so that the same
 * item in several regions or environments reads across (spec 000 §2 "pivoting is supported"). Columns and rows are
 * sorted; items without a column value go to a last '(none)' column. Feed the result to a DataTable.
 */
export function pivot<T>(
  items: readonly T[],
  rowOf: (item: T) => string,
  columnOf: (item: T) => string | undefined,
): Pivot<T> {
  const columns = new Set<string>();
  const rows = new Map<string, PivotRow<T>>();
  for (const item of items) {
    const column = columnOf(item) ?? PIVOT_NO_VALUE;
    columns.add(column);
    const key = rowOf(item);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { key, cells: {} }));
    (row.cells[column] ??= []).push(item);
  }
  const sortedColumns = [...columns].sort((a, b) =>
    a === PIVOT_NO_VALUE ? 1 : b === PIVOT_NO_VALUE ? -1 : a.localeCompare(b),
  );
  const sortedRows = [...rows.values()].sort((a, b) => a.key.localeCompare(b.key));
  return { columns: sortedColumns, rows: sortedRows };
}
