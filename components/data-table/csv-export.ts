import { dismissToast, toastError, toastLoading, toastSuccess } from '@/components/widgets/toast';
import { csvFileName, csvRow } from '@/lib/csv';
import type { DataTableColumnMeta } from './features/meta';

/** Rows fetched per request when exporting a server-paged list (under PostgREST's 2,000-row cap). */
export const EXPORT_PAGE_SIZE = 500;
/** Exports of more rows than this show their progress. */
const PROGRESS_AFTER_ROWS = EXPORT_PAGE_SIZE;

interface ExportColumn {
  id: string;
  accessorFn?: (row: never, index: number) => unknown;
  columnDef: { header?: unknown; meta?: DataTableColumnMeta };
  getIsVisible?: () => boolean;
}

interface ExportRow {
  original: unknown;
  subRows: unknown[];
  getIsGrouped?: () => boolean;
  getValue: (columnId: string) => unknown;
}

interface ExportTable {
  getAllLeafColumns: () => ExportColumn[];
  getCoreRowModel: () => { flatRows: ExportRow[] };
  getSortedRowModel?: () => { flatRows: ExportRow[] };
}

/** The visible columns that carry data, with their CSV header. */
function exportColumns(table: ExportTable) {
  return table
    .getAllLeafColumns()
    .filter((c) => (c.getIsVisible?.() ?? true) && (c.accessorFn || c.columnDef.meta?.csv))
    .map((c) => ({
      column: c,
      header: c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id),
    }));
}

function csvValue(column: ExportColumn, original: unknown, index: number): unknown {
  const meta = column.columnDef.meta;
  if (meta?.csv) return meta.csv(original as never);
  return column.accessorFn?.(original as never, index);
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fetches one page of a server-paged list with the list's filters and sort (the screen's query options). */
export type ExportPage = (
  pageIndex: number,
  pageSize: number,
) => Promise<{ data: unknown[]; total: number | undefined }>;

/**
 * Builds and downloads the CSV: the visible columns that carry data; a list held in the browser exports every row
 * it holds (all pages, every group's members) in its sort order; a server-paged list fetches every page in turn,
 * with a progress toast past the first page.
 */
export async function exportCsv(table: unknown, name: string, fetchPage?: ExportPage): Promise<void> {
  const t = table as ExportTable;
  const columns = exportColumns(t);
  const lines = [csvRow(columns.map((c) => c.header))];
  const toastId = `csv-export-${name}`;
  try {
    if (fetchPage) {
      for (let page = 0; ; page++) {
        const { data, total } = await fetchPage(page, EXPORT_PAGE_SIZE);
        data.forEach((row, i) =>
          lines.push(csvRow(columns.map((c) => csvValue(c.column, row, page * EXPORT_PAGE_SIZE + i)))),
        );
        const done = lines.length - 1;
        if (total !== undefined && total > PROGRESS_AFTER_ROWS)
          toastLoading(`Exporting ${done.toLocaleString()} of ${total.toLocaleString()} rows…`, {
            id: toastId,
          });
        if (data.length < EXPORT_PAGE_SIZE || (total !== undefined && done >= total)) break;
      }
    } else {
      const rows = (t.getSortedRowModel?.() ?? t.getCoreRowModel()).flatRows.filter(
        (r) => r.subRows.length === 0 && !r.getIsGrouped?.(),
      );
      rows.forEach((row, i) =>
        lines.push(
          csvRow(columns.map((c) => csvValue(c.column, row.original, i) ?? row.getValue(c.column.id))),
        ),
      );
    }
    download(`${lines.join('\r\n')}\r\n`, csvFileName(name));
    dismissToast(toastId);
    toastSuccess(`Exported ${(lines.length - 1).toLocaleString()} rows`);
  } catch (error) {
    dismissToast(toastId);
    toastError(`The export failed: ${error instanceof Error ? error.message : 'An error occurred'}`);
  }
}
