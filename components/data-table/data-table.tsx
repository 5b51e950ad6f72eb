'use client';

import * as React from 'react';
import {
  useTable,
  type ExpandedState,
  type GroupingState,
  type PaginationState,
  type RowData,
  type SortingState,
  type Updater,
  functionalUpdate,
} from '@tanstack/react-table';
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, ChevronDownIcon, ChevronRightIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { nextVirtualPageSize } from './page-size';
import { dataTableFeatures, type DataTableColumnDef } from './features';
import { DataTablePagination } from './data-table-pagination';
import { usePersistedPageSize } from './use-persisted-page-size';
import { useWindowedRows } from './use-windowed-rows';

export const DEFAULT_EMPTY_TEXT = 'No data available';

const NO_SORTING: SortingState = [];
const NO_GROUPING: GroupingState = [];

export interface DataTableProps<TData extends RowData> {
  columns: DataTableColumnDef<TData>[];
  /** Keep the reference stable between renders (state, memo or server props). */
  data: TData[];
  getRowId?: (row: TData, index: number) => string;
  /** Accessible name of the table. */
  'aria-label'?: string;
  caption?: React.ReactNode;

  // Sorting: controlled (sorting + onSortingChange, e.g. from useUrlSorting) or uncontrolled.
  sorting?: SortingState;
  onSortingChange?: (updater: Updater<SortingState>) => void;
  defaultSorting?: SortingState;
  /** Server-side sorting: data arrives sorted. */
  manualSorting?: boolean;
  enableSorting?: boolean;

  // Pagination: controlled (pagination + onPaginationChange, e.g. useUrlPagination) or uncontrolled.
  enablePagination?: boolean;
  pagination?: PaginationState;
  onPaginationChange?: (updater: Updater<PaginationState>) => void;
  /** Server-side paging: `data` is the current page; pass rowCount (or pageCount). */
  manualPagination?: boolean;
  rowCount?: number;
  pageCount?: number;
  /** Default: 5 … 1000. Grid views pass GRID_PAGE_SIZE_OPTIONS. */
  pageSizeOptions?: readonly number[];
  /** The shared page size the server read from the cookie (first paint). */
  serverPageSize?: number | null;

  // Grouping
  /** Column ids to group by; group rows expand and collapse. */
  grouping?: GroupingState;
  /** Start with every group expanded. */
  defaultExpanded?: boolean;

  // States
  isLoading?: boolean;
  loadingRowCount?: number;
  emptyText?: React.ReactNode;

  // Virtualized rows for long lists
  virtualize?: boolean;
  /** Row height in px when virtualized (default 40). */
  rowHeight?: number;
  /** Height of the scroll area when virtualized (default 600). */
  maxHeight?: number;
  /** Called when a virtualized list scrolls near its end. */
  onReachEnd?: () => void;
  /**
   * Virtual pagination (spec 001 §9): a virtualized, paged list grows instead of paging — near the end of the
   * loaded rows the page size doubles (up to the largest option), without changing the persisted page size.
   */
  virtualPagination?: boolean;

  onRowClick?: (row: TData) => void;
  getRowClassName?: (row: TData) => string | undefined;
  columnVisibility?: Record<string, boolean>;
  className?: string;
  /** Hide the header row (e.g. compact embeds). */
  hideHeader?: boolean;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/**
 * The one table kit: sorting (client or server), paging (client or server) with the shared
 * page size, go-to-page, grouping with expandable group rows, virtualized rows, loading
 * skeletons and an empty state.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const {
    columns,
    data,
    getRowId,
    caption,
    manualSorting,
    enableSorting = true,
    enablePagination = true,
    manualPagination,
    rowCount,
    pageCount,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    serverPageSize,
    grouping = NO_GROUPING,
    defaultExpanded = false,
    isLoading = false,
    loadingRowCount,
    emptyText = DEFAULT_EMPTY_TEXT,
    virtualize = false,
    rowHeight = 40,
    maxHeight = 600,
    onReachEnd,
    virtualPagination = false,
    onRowClick,
    getRowClassName,
    columnVisibility,
    className,
    hideHeader,
  } = props;

  // Sorting (controlled or internal)
  const [innerSorting, setInnerSorting] = React.useState<SortingState>(props.defaultSorting ?? NO_SORTING);
  const sorting = props.sorting ?? innerSorting;
  const onSortingChange = props.onSortingChange ?? setInnerSorting;

  // Pagination (controlled or internal with the shared persisted page size)
  const [persistedSize, persistSize] = usePersistedPageSize(serverPageSize);
  const [innerPageIndex, setInnerPageIndex] = React.useState(0);
  // The page size virtual pagination has grown to (internal paging only); a size the user picks replaces it.
  const [grownSize, setGrownSize] = React.useState<number | null>(null);
  const pagination = React.useMemo<PaginationState>(
    () => props.pagination ?? { pageIndex: innerPageIndex, pageSize: grownSize ?? persistedSize },
    [props.pagination, innerPageIndex, persistedSize, grownSize],
  );
  const controlledPaging = props.onPaginationChange;
  const onPaginationChange = React.useCallback(
    (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      const sizeChanged = next.pageSize !== pagination.pageSize;
      const resolved = sizeChanged ? { pageIndex: 0, pageSize: next.pageSize } : next;
      if (controlledPaging) {
        if (sizeChanged) persistSize(next.pageSize);
        controlledPaging(resolved);
      } else {
        if (sizeChanged) {
          persistSize(next.pageSize);
          setGrownSize(null);
        }
        setInnerPageIndex(resolved.pageIndex);
      }
    },
    [pagination, controlledPaging, persistSize],
  );

  const [expanded, setExpanded] = React.useState<ExpandedState>(defaultExpanded ? true : {});

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: {
      sorting,
      pagination,
      grouping,
      expanded,
      ...(columnVisibility ? { columnVisibility } : {}),
    },
    onSortingChange,
    onPaginationChange,
    onExpandedChange: setExpanded,
    enableSorting,
    manualSorting,
    manualPagination: manualPagination || !enablePagination,
    rowCount,
    pageCount,
    groupedColumnMode: false,
    paginateExpandedRows: false,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  });

  const rows = table.getRowModel().rows;
  const leafColumns = table.getVisibleLeafColumns();
  const colCount = Math.max(1, leafColumns.length);
  const totalPages = enablePagination ? Math.max(1, table.getPageCount()) : 1;

  // Keep an internal page index inside the page count when client data shrinks.
  if (
    !props.pagination &&
    enablePagination &&
    !isLoading &&
    innerPageIndex > 0 &&
    innerPageIndex >= totalPages
  ) {
    setInnerPageIndex(totalPages - 1);
  }

  // Virtual pagination: near the end of the loaded rows, double the page size while more rows exist.
  const available = manualPagination
    ? (rowCount ?? Number.POSITIVE_INFINITY)
    : table.getPrePaginatedRowModel().rows.length;
  const canGrow =
    virtualPagination && enablePagination && (pagination.pageIndex + 1) * pagination.pageSize < available;
  const grow = React.useCallback(() => {
    const pageSize = nextVirtualPageSize(pagination.pageSize);
    if (pageSize === pagination.pageSize) return;
    if (controlledPaging) controlledPaging({ pageIndex: pagination.pageIndex, pageSize });
    else setGrownSize(pageSize);
  }, [pagination, controlledPaging]);
  const handleReachEnd = React.useCallback(() => {
    if (canGrow) grow();
    onReachEnd?.();
  }, [canGrow, grow, onReachEnd]);

  const win = useWindowedRows<HTMLDivElement>({
    count: rows.length,
    rowHeight,
    enabled: virtualize && !isLoading,
    initialHeight: maxHeight,
    onReachEnd: canGrow || onReachEnd ? handleReachEnd : undefined,
  });
  const visibleRows = virtualize && !isLoading ? rows.slice(win.start, win.end) : rows;

  const skeletonRows = loadingRowCount ?? Math.min(pagination.pageSize, 10);

  return (
    <div data-slot="data-table" className={cn('flex w-full flex-col', className)}>
      <div
        ref={win.containerRef}
        onScroll={virtualize ? win.onScroll : undefined}
        className={cn('relative w-full overflow-x-auto', virtualize && 'overflow-y-auto')}
        style={virtualize ? { maxHeight } : undefined}
      >
        <table
          className="w-full caption-bottom text-sm"
          aria-label={props['aria-label']}
          aria-busy={isLoading || undefined}
          aria-rowcount={virtualize && !isLoading ? rows.length + (hideHeader ? 0 : 1) : undefined}
        >
          {caption ? <caption className="mt-2 text-sm text-muted-foreground">{caption}</caption> : null}
          {hideHeader ? null : (
            <thead className={cn('[&_tr]:border-b', virtualize && 'sticky top-0 z-10 bg-background')}>
              {table.getHeaderGroups().map((hg) => (
                <tr key={hg.id} className="border-b border-border" aria-rowindex={virtualize ? 1 : undefined}>
                  {hg.headers.map((header) => {
                    const canSort = header.column.getCanSort();
                    const sorted = header.column.getIsSorted();
                    const meta = header.column.columnDef.meta;
                    return (
                      <th
                        key={header.id}
                        colSpan={header.colSpan}
                        scope="col"
                        aria-sort={canSort && !header.isPlaceholder ? ariaSort(sorted) : undefined}
                        className={cn(
                          'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground',
                          meta?.align === 'end' && 'text-right',
                          meta?.headerClassName,
                        )}
                      >
                        {header.isPlaceholder ? null : canSort ? (
                          <button
                            type="button"
                            onClick={header.column.getToggleSortingHandler()}
                            className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            <table.FlexRender header={header} />
                            {sorted === 'asc' ? (
                              <ArrowUpIcon className="size-3.5" />
                            ) : sorted === 'desc' ? (
                              <ArrowDownIcon className="size-3.5" />
                            ) : (
                              <ArrowUpDownIcon className="size-3.5 opacity-40" />
                            )}
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
          )}
          <tbody className="[&_tr:last-child]:border-0">
            {isLoading ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={`skeleton-${i}`} className="border-b border-border" data-testid="skeleton-row">
                  {Array.from({ length: colCount }, (_, j) => (
                    <td key={j} className="p-2">
                      <Skeleton className="h-4 w-full" />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={colCount} className="h-24 p-2 text-center text-muted-foreground">
                  {emptyText}
                </td>
              </tr>
            ) : (
              <>
                {virtualize && win.paddingTop > 0 ? (
                  <tr aria-hidden="true" style={{ height: win.paddingTop }} />
                ) : null}
                {visibleRows.map((row, i) => {
                  const rowIndex = virtualize ? win.start + i + (hideHeader ? 1 : 2) : undefined;
                  if (row.getIsGrouped()) {
                    const groupCell =
                      row.getVisibleCells().find((c) => c.column.id === row.groupingColumnId) ??
                      row.getVisibleCells()[0];
                    const header = groupCell?.column.columnDef.header;
                    const expandedNow = row.getIsExpanded();
                    return (
                      <tr
                        key={row.id}
                        aria-rowindex={rowIndex}
                        className="border-b border-border bg-muted/40"
                        style={virtualize ? { height: rowHeight } : undefined}
                        data-group-row=""
                      >
                        <td
                          colSpan={colCount}
                          className="p-2"
                          style={{ paddingLeft: `${0.5 + row.depth * 1.25}rem` }}
                        >
                          <button
                            type="button"
                            aria-expanded={expandedNow}
                            onClick={row.getToggleExpandedHandler()}
                            className="inline-flex items-center gap-1.5 rounded-sm px-1 font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                          >
                            {expandedNow ? (
                              <ChevronDownIcon className="size-4" />
                            ) : (
                              <ChevronRightIcon className="size-4" />
                            )}
                            {typeof header === 'string' ? (
                              <span className="text-muted-foreground">{header}:</span>
                            ) : null}
                            {groupCell ? (
                              <table.FlexRender cell={groupCell} />
                            ) : (
                              String(row.groupingValue ?? '')
                            )}
                            <span className="text-muted-foreground">({row.subRows.length})</span>
                          </button>
                        </td>
                      </tr>
                    );
                  }
                  const clickable = !!onRowClick;
                  return (
                    <tr
                      key={row.id}
                      aria-rowindex={rowIndex}
                      className={cn(
                        'border-b border-border transition-colors hover:bg-muted/50',
                        clickable &&
                          'cursor-pointer outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                        getRowClassName?.(row.original),
                      )}
                      style={virtualize ? { height: rowHeight } : undefined}
                      tabIndex={clickable ? 0 : undefined}
                      onClick={clickable ? () => onRowClick(row.original) : undefined}
                      onKeyDown={
                        clickable
                          ? (e) => {
                              if ((e.key === 'Enter' || e.key === ' ') && e.target === e.currentTarget) {
                                e.preventDefault();
                                onRowClick(row.original);
                              }
                            }
                          : undefined
                      }
                    >
                      {row.getVisibleCells().map((cell, ci) => {
                        const meta = cell.column.columnDef.meta;
                        return (
                          <td
                            key={cell.id}
                            className={cn(
                              'whitespace-nowrap p-2 align-middle',
                              meta?.align === 'end' && 'text-right',
                              meta?.className,
                            )}
                            style={
                              ci === 0 && row.depth > 0
                                ? { paddingLeft: `${0.5 + row.depth * 1.25}rem` }
                                : undefined
                            }
                          >
                            <table.FlexRender cell={cell} />
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
                {virtualize && win.paddingBottom > 0 ? (
                  <tr aria-hidden="true" style={{ height: win.paddingBottom }} />
                ) : null}
              </>
            )}
          </tbody>
        </table>
      </div>
      {enablePagination ? (
        <DataTablePagination
          pageIndex={pagination.pageIndex}
          pageSize={pagination.pageSize}
          pageCount={totalPages}
          rowCount={table.getRowCount()}
          pageSizeOptions={pageSizeOptions}
          onPageIndexChange={(i) => table.setPageIndex(i)}
          onPageSizeChange={(n) => table.setPageSize(n)}
        />
      ) : null}
    </div>
  );
}
