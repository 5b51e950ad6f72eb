import type { RowData } from '@tanstack/react-table';

/** Per-column presentation options of the table kit. */
export interface DataTableColumnMeta {
  /** Classes for body cells of this column. */
  className?: string;
  /** Classes for the header cell. */
  headerClassName?: string;
  /** Right-align numbers. */
  align?: 'start' | 'end';
  /** The column's name in the CSV export and the column menu when its header is not plain text. */
  label?: string;
  /** The CSV text of a row in this column (default: the column's value). */
  csv?: (row: RowData) => string | number | null | undefined;
}
