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
  /**
   * Long text: cut to one line with an ellipsis, the whole text (the column's value) in its title on hover and
   * shown in full while the row has keyboard focus (app/globals.css), so a long name never pushes the status
   * columns away.
   */
  truncate?: boolean;
  /** This column's content is the row's link when the table has `rowHref` (default: the first column). */
  rowLink?: boolean;
}
