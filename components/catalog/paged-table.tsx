'use client';

import { DataTable, type DataTableColumnDef } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import type { ExportPage } from '@/components/data-table/csv-export';
import { pagedListFeatures } from '@/components/data-table/features/paged';
import type { useUrlTable } from '@/components/data-table/use-url-table';

/**
 * A server-paged catalog list (config items, changes, insights): sort and page from the URL, the total from the
 * backend's count, a row click, and a CSV export that fetches every page with the same filters.
 */
export function CatalogPagedTable<T extends { id: string }>({
  label,
  columns,
  rows,
  total,
  table,
  onRowClick,
  getRowClassName,
  columnVisibility,
  tools,
  tableClassName,
  exportName,
  fetchPage,
}: {
  label: string;
  columns: DataTableColumnDef<typeof pagedListFeatures, T>[];
  rows: T[];
  total: number | undefined;
  table: ReturnType<typeof useUrlTable>;
  onRowClick: (row: T) => void;
  getRowClassName?: (row: T) => string | undefined;
  columnVisibility?: Record<string, boolean>;
  /** Controls before the export (the column chooser), given the table; imported by the screen that shows them. */
  tools?: (table: unknown) => React.ReactNode;
  tableClassName: string;
  exportName: string;
  fetchPage: ExportPage;
}) {
  return (
    <DataTable
      features={pagedListFeatures}
      aria-label={label}
      columns={columns}
      data={rows}
      getRowId={(row) => row.id}
      {...table}
      manualSorting
      manualPagination
      enablePagination
      rowCount={total}
      columnVisibility={columnVisibility}
      onRowClick={onRowClick}
      getRowClassName={getRowClassName}
      tableClassName={tableClassName}
      toolbar={(instance) => (
        <div className="flex justify-end gap-2">
          {tools?.(instance)}
          <DataTableExport table={instance} name={exportName} fetchPage={fetchPage} />
        </div>
      )}
    />
  );
}
