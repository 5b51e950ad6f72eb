'use client';

import type * as React from 'react';
import dynamic from 'next/dynamic';
import type { RowData, TableFeatures } from '@tanstack/react-table';
import type { ExportPage } from '@/components/data-table/csv-export';
import { DataTable, type DataTableInstance, type DataTableProps } from '@/components/data-table/data-table';
import { DataTableExport } from '@/components/data-table/data-table-export';
import type { Counted } from '@/lib/backend/endpoint';
import { serverPageProps } from '@/lib/queries/paged-list';
import { BusyRows } from './busy-rows';
import { QueryState, type QueryStateProps } from './query-state';

// Server-rendered with the lists that offer it (the catalog's items, the settings resources), absent from the others.
const DataTableViewOptions = dynamic(() =>
  import('@/components/data-table/data-table-view-options').then((m) => m.DataTableViewOptions),
);

export interface PagedListProps<TFeatures extends TableFeatures, TData extends RowData> extends Omit<
  DataTableProps<TFeatures, TData>,
  'data' | 'toolbar'
> {
  /** The list's query: a server page (`usePagedListQuery`) or the whole list held in the browser. */
  query: QueryStateProps<TData[] | Counted<TData[]>>['query'] & { isPlaceholderData?: boolean };
  /** The screen's empty text. */
  empty: string;
  /** The heading of the error state. */
  errorTitle: string;
  isEmpty?: QueryStateProps<TData[] | Counted<TData[]>>['isEmpty'];
  skeleton?: React.ReactNode;
  /** A part of a page (a panel section): the compact error and empty states. */
  compact?: boolean;
  /** The CSV export's list name (its file name); no export without it. */
  exportName?: string;
  /** A server-paged list's page fetcher, so the export holds every page (`usePagedListQuery`). */
  fetchPage?: ExportPage;
  /** The column chooser before the export. */
  columnChooser?: boolean;
  /** The screen's own controls first in the table's toolbar, given the table. */
  tools?: (table: DataTableInstance) => React.ReactNode;
}

/**
 * A list screen's body from its query and columns: the query's states (QueryState), then the table, with a
 * server page's rows, total and manual paging (`serverPageProps`) or the browser's whole list, and a toolbar
 * with the column chooser and the CSV export. Table props the caller passes win over the server page's.
 */
export function PagedList<TFeatures extends TableFeatures, TData extends RowData>({
  query,
  empty,
  errorTitle,
  isEmpty,
  skeleton,
  compact,
  exportName,
  fetchPage,
  columnChooser = false,
  tools,
  ...table
}: PagedListProps<TFeatures, TData>) {
  const toolbar =
    exportName !== undefined || columnChooser || tools
      ? (instance: DataTableInstance) => (
          <div className="flex justify-end gap-2">
            {tools?.(instance)}
            {columnChooser && <DataTableViewOptions table={instance} />}
            {exportName !== undefined && (
              <DataTableExport table={instance} name={exportName} fetchPage={fetchPage} />
            )}
          </div>
        )
      : undefined;
  return (
    <QueryState
      query={query}
      empty={empty}
      errorTitle={errorTitle}
      isEmpty={isEmpty}
      skeleton={skeleton}
      compact={compact}
    >
      {(data) => {
        const rows = Array.isArray(data) ? { data } : serverPageProps(data);
        return (
          <BusyRows busy={query.isPlaceholderData === true}>
            <DataTable {...rows} toolbar={toolbar} {...table} />
          </BusyRows>
        );
      }}
    </QueryState>
  );
}
