'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import {
  type ColumnDef,
  type ExpandedState,
  type GroupingState,
  type PaginationState,
  type RowData,
  type SortingState,
  type TableFeatures,
  type Updater,
} from '@tanstack/react-table';
import { ChevronDown, ChevronRight } from 'lucide';
import { Skeleton } from '@/components/ui/skeleton';
import { StaticIcon } from '@/components/ui/static-icon';
import { PAGE_SIZE_OPTIONS } from '@/lib/constants';
import { cn } from '@/lib/utils';
import { DataTableColumnHeader } from './data-table-column-header';
import { engineOf, nextVirtualPageSize } from './engine';
import type { DataTableColumnMeta } from './features/meta';
import { useWindowedRows } from './use-windowed-rows';

export const DEFAULT_EMPTY_TEXT = 'No data available';

// Server-rendered with the table when it pages, and absent from the bundle of tables that do not.
const DataTablePagination = dynamic(() =>
  import('./data-table-pagination').then((m) => m.DataTablePagination),
);

const NO_SORTING: SortingState = [];
const NO_GROUPING: GroupingState = [];

/** A column of a kit table with the given feature set (components/data-table/features/*). */
export type DataTableColumnDef<TFeatures extends TableFeatures, TData extends RowData> = ColumnDef<
  TFeatures,
  TData,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column's value type varies per accessor
  any
>;

/**
 * The table instance DataTable builds, given to the toolbar (the column chooser, the CSV export): TanStack's
 * table, or the small engine's stand-in with the same methods for those (components/data-table/light-engine.ts).
 */
export type DataTableInstance = unknown;

export interface DataTableProps<TFeatures extends TableFeatures, TData extends RowData> {
  /** One of the kit's feature sets: pagedListFeatures, localListFeatures, treeListFeatures, groupedListFeatures. */
  features: TFeatures;
  columns: DataTableColumnDef<TFeatures, TData>[];
  /** Keep the reference stable between renders (state, memo or props). */
  data: TData[];
  getRowId?: (row: TData, index: number) => string;
  /** Rows the screen grouped itself (treeListFeatures): a row's children, shown when it is expanded. */
  getSubRows?: (row: TData) => TData[] | undefined;
  /** Accessible name of the table. */
  'aria-label': string;
  /** Marks the scroll box for tests and benchmarks. */
  'data-testid'?: string;

  // Sorting: controlled (from the URL: useUrlTable) or uncontrolled.
  sorting?: SortingState;
  onSortingChange?: (updater: Updater<SortingState>) => void;
  defaultSorting?: SortingState;
  /** The data arrives sorted (by the backend, or by the screen's own rules). */
  manualSorting?: boolean;
  enableSorting?: boolean;

  // Paging: controlled (from the URL: useUrlTable) or uncontrolled with the shared persisted page size.
  enablePagination?: boolean;
  pagination?: PaginationState;
  onPaginationChange?: (updater: Updater<PaginationState>) => void;
  /** Server paging: `data` is the current page and rowCount the total (Prefer: count=exact). */
  manualPagination?: boolean;
  rowCount?: number;
  /** Default 5 … 1000 (spec 000 §9); grid views pass GRID_PAGE_SIZE_OPTIONS. */
  pageSizeOptions?: readonly number[];
  /** The shared page size the server read from the cookie, so that the first paint matches. */
  serverPageSize?: number | null;

  // Groups
  /** Column ids to group by (groupedListFeatures). */
  grouping?: GroupingState;
  /** Every group open (for example while searching, so that matches show). */
  expandAll?: boolean;

  // States
  isLoading?: boolean;
  emptyText?: React.ReactNode;

  // Long lists
  /** Render only the rows in view (fixed row height): thousands of rows stay fast. */
  virtualize?: boolean;
  /** Row height in rem when virtualized (default 2.5): the rows grow with the type (wall displays scale it). */
  rowHeightRem?: number;
  /** Height of the scroll box (px or a CSS length); virtualized tables need one. */
  maxHeight?: number | string;
  /** Called when a virtualized list scrolls near its end. */
  onReachEnd?: () => void;
  /** Spec 001 §9: near the end of the loaded rows the page size doubles (the persisted size stays). */
  virtualPagination?: boolean;

  /**
   * The address a row opens: a page, or this page with the row's dialog in the query (`urlRowLinks`). The row is
   * then a real link: its link column's content (meta.rowLink, else the first column) is an <a href> (keyboard
   * focus, Enter, copy address, a new tab), and a click anywhere else on the row opens it as that link would.
   * Rows that group or expand have none.
   */
  rowHref?: (row: TData) => string | undefined;
  /** A plain click opens the row in place (the screen's URL-state writer, for a dialog) instead of navigating. */
  onRowOpen?: (row: TData) => void;
  getRowClassName?: (row: TData) => string | undefined;
  /** Columns hidden at first (`{ id: false }`); the column chooser changes it. */
  columnVisibility?: Record<string, boolean>;
  /** Keeps the column choice outside (the screen's URL, `useUrlColumns`): `columnVisibility` is then the choice. */
  onColumnVisibilityChange?: (updater: Updater<Record<string, boolean>>) => void;
  /** Keeps the first column in view while the table scrolls sideways (default on). */
  stickyFirstColumn?: boolean;
  /** The toolbar above the table, given the table (view options, export). */
  toolbar?: (table: DataTableInstance) => React.ReactNode;
  className?: string;
  tableClassName?: string;
  caption?: React.ReactNode;
}

function ariaSort(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

/**
 * Feature-dependent row and column methods, looked up loosely: which exist depends on the feature set the screen
 * chose, and a lean set (a server-paged list) has no grouping or expanding code at all.
 */
interface LooseCell {
  id: string;
  getValue?: () => unknown;
  column: { id: string; columnDef: { meta?: DataTableColumnMeta } };
  getIsGrouped?: () => boolean;
}

interface LooseRow {
  id: string;
  depth: number;
  original: unknown;
  subRows: LooseRow[];
  getIsGrouped?: () => boolean;
  getCanExpand?: () => boolean;
  getIsExpanded?: () => boolean;
  getToggleExpandedHandler?: () => () => void;
}

/** A row's own controls (Radix's checkboxes, switches and menu triggers are buttons): a click on one is not a row click. */
const ROW_CONTROLS = 'a,button,input,select,textarea,label,[tabindex]';

const plainClick = (e: React.MouseEvent) =>
  e.button === 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !e.altKey;

/**
 * A click on a row outside its controls does what the same click on the row's link does: a plain one goes through
 * the link (the screen's client navigation or onRowOpen), a Ctrl/⌘/Shift or middle one opens a new tab. A click
 * from a portal (a menu or dialog the row opened) and the end of a text selection are not row clicks.
 */
function openRow(event: React.MouseEvent<HTMLTableRowElement>) {
  const row = event.currentTarget;
  const target = event.target as Element;
  const link = row.querySelector<HTMLAnchorElement>('a[data-row-link]');
  const control = target.closest?.(ROW_CONTROLS);
  if (!link || !row.contains(target) || (control && row.contains(control))) return;
  if (window.getSelection()?.isCollapsed === false) return;
  if (plainClick(event)) link.click();
  else if (event.button <= 1) window.open(link.href, '_blank', 'noopener');
}

/**
 * The one table kit on TanStack Table: sortable headers, client or server paging with the shared page size and
 * go-to-page, expandable groups (column grouping or the screen's own groups), windowed rows, a sticky first column
 * in a box that scrolls sideways by itself, loading skeletons and the empty text. What is in the bundle follows
 * the feature set the screen passes.
 */
export function DataTable<TFeatures extends TableFeatures, TData extends RowData>(
  props: DataTableProps<TFeatures, TData>,
) {
  const {
    features,
    columns,
    data,
    getRowId,
    getSubRows,
    caption,
    manualSorting,
    enableSorting = true,
    enablePagination = false,
    manualPagination,
    rowCount,
    pageSizeOptions = PAGE_SIZE_OPTIONS,
    serverPageSize,
    grouping = NO_GROUPING,
    expandAll = false,
    isLoading = false,
    emptyText = DEFAULT_EMPTY_TEXT,
    virtualize = false,
    rowHeightRem = 2.5,
    maxHeight,
    onReachEnd,
    virtualPagination = false,
    rowHref,
    onRowOpen,
    getRowClassName,
    columnVisibility,
    onColumnVisibilityChange,
    stickyFirstColumn = true,
    toolbar,
    className,
    tableClassName,
  } = props;

  const [innerSorting, setInnerSorting] = React.useState<SortingState>(props.defaultSorting ?? NO_SORTING);
  const sorting = props.sorting ?? innerSorting;
  const onSortingChange = props.onSortingChange ?? setInnerSorting;

  const { useEngine, usePaging } = engineOf(features);
  const {
    pagination,
    onPaginationChange,
    grow: growTo,
  } = usePaging({
    pagination: props.pagination,
    onPaginationChange: props.onPaginationChange,
    serverPageSize,
  });

  const [innerExpanded, setExpanded] = React.useState<ExpandedState>({});
  const [innerVisibility, setVisibility] = React.useState<Record<string, boolean>>(columnVisibility ?? {});
  const visibility = onColumnVisibilityChange ? (columnVisibility ?? {}) : innerVisibility;
  const expanded: ExpandedState = expandAll ? true : innerExpanded;

  const options = {
    features,
    columns,
    data,
    getRowId,
    getSubRows,
    state: {
      sorting,
      pagination,
      grouping,
      expanded,
      columnVisibility: visibility,
    },
    onSortingChange,
    onColumnVisibilityChange: onColumnVisibilityChange ?? setVisibility,
    onPaginationChange,
    onExpandedChange: setExpanded,
    enableSorting,
    // Ascending first on every column (TanStack starts numbers descending): the spec's click order.
    sortDescFirst: false,
    manualSorting,
    manualPagination: manualPagination || !enablePagination,
    rowCount,
    groupedColumnMode: false,
    paginateExpandedRows: false,
    autoResetPageIndex: false,
    autoResetExpanded: false,
  };
  // The options depend on the feature set, which only the screen knows; the kit passes the superset to its engine.
  const table = useEngine(options) as {
    getRowModel: () => { rows: unknown[] };
    getHeaderGroups: () => {
      id: string;
      headers: { id: string; colSpan: number; isPlaceholder: boolean; column: unknown }[];
    }[];
    FlexRender: (props: { header?: unknown; cell?: unknown }) => React.ReactNode;
  };

  const rows = table.getRowModel().rows as unknown as LooseRow[];
  const loose = table as unknown as {
    getVisibleLeafColumns?: () => unknown[];
    getAllLeafColumns: () => unknown[];
    getPageCount?: () => number;
    getRowCount?: () => number;
    getPrePaginatedRowModel?: () => { rows: unknown[] };
  };
  const colCount = Math.max(1, (loose.getVisibleLeafColumns?.() ?? loose.getAllLeafColumns()).length);
  const paged = loose;
  const totalPages = enablePagination ? Math.max(1, paged.getPageCount?.() ?? 1) : 1;

  // Keep the table's own page inside the page count when the data shrinks (a screen's URL page is its own to keep).
  if (
    !props.pagination &&
    enablePagination &&
    !isLoading &&
    pagination.pageIndex > 0 &&
    pagination.pageIndex >= totalPages
  ) {
    onPaginationChange({ ...pagination, pageIndex: totalPages - 1 });
  }

  // Virtual pagination: near the end of the loaded rows, double the page size while more rows exist.
  const available = manualPagination
    ? (rowCount ?? Number.POSITIVE_INFINITY)
    : (paged.getPrePaginatedRowModel?.().rows.length ?? rows.length);
  const canGrow =
    virtualPagination && enablePagination && (pagination.pageIndex + 1) * pagination.pageSize < available;
  const grow = React.useCallback(() => {
    const pageSize = nextVirtualPageSize(pagination.pageSize);
    if (pageSize !== pagination.pageSize) growTo(pageSize);
  }, [pagination.pageSize, growTo]);
  const handleReachEnd = React.useCallback(() => {
    if (canGrow) grow();
    onReachEnd?.();
  }, [canGrow, grow, onReachEnd]);

  const windowed = virtualize && !isLoading;
  const win = useWindowedRows<HTMLDivElement>({
    count: rows.length,
    // 16 px to the rem until a row is measured: the server's and the hydrating render agree.
    rowHeight: rowHeightRem * 16,
    rowSelector: 'tbody > tr[aria-rowindex]',
    enabled: windowed,
    initialHeight: typeof maxHeight === 'number' ? maxHeight : 1200,
    onReachEnd: canGrow || onReachEnd ? handleReachEnd : undefined,
  });
  const visibleRows = windowed ? rows.slice(win.start, win.end) : rows;
  const skeletonRows = Math.min(pagination.pageSize, 10);
  const sticky = (index: number) => stickyFirstColumn && index === 0 && 'sticky left-0 z-[1] bg-background';
  const scrollable = windowed && rows.length * win.rowHeight > 600;

  return (
    <div data-slot="data-table" className={cn('flex w-full min-w-0 flex-col gap-2', className)}>
      {toolbar?.(table)}
      <div
        ref={win.containerRef}
        onScroll={windowed ? win.onScroll : undefined}
        data-testid={props['data-testid']}
        // A long windowed list scrolls in its own box, which keyboard users reach with Tab.
        tabIndex={scrollable ? 0 : undefined}
        role={scrollable ? 'region' : undefined}
        aria-label={scrollable ? `${props['aria-label']} list` : undefined}
        className={cn('relative w-full overflow-auto rounded-md border border-border')}
        style={maxHeight !== undefined ? { maxHeight } : undefined}
      >
        <table
          className={cn('w-full caption-bottom border-collapse text-sm', tableClassName)}
          aria-label={caption ? undefined : props['aria-label']}
          aria-busy={isLoading || undefined}
          aria-rowcount={windowed ? rows.length + 1 : undefined}
        >
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="sticky top-0 z-[2] bg-background shadow-[0_1px_0_var(--color-border)]">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id} aria-rowindex={windowed ? 1 : undefined}>
                {hg.headers.map((header, index) => {
                  const column = header.column as unknown as {
                    getCanSort?: () => boolean;
                    getIsSorted?: () => false | 'asc' | 'desc';
                    getToggleSortingHandler?: () => ((event: unknown) => void) | undefined;
                    columnDef: { header?: unknown; meta?: DataTableColumnMeta };
                  };
                  const canSort = !header.isPlaceholder && (column.getCanSort?.() ?? false);
                  const sorted = column.getIsSorted?.() ?? false;
                  const meta = column.columnDef.meta;
                  return (
                    <th
                      key={header.id}
                      colSpan={header.colSpan}
                      scope="col"
                      aria-sort={canSort ? ariaSort(sorted) : undefined}
                      className={cn(
                        'h-10 whitespace-nowrap px-2 text-left align-middle font-medium text-muted-foreground',
                        meta?.align === 'end' && 'text-right',
                        sticky(index),
                        index === 0 && 'z-[3]',
                        meta?.headerClassName,
                      )}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <DataTableColumnHeader
                          title={<table.FlexRender header={header} />}
                          sorted={sorted}
                          onToggle={column.getToggleSortingHandler?.()}
                        />
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
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
                {windowed && win.paddingTop > 0 ? (
                  <tr aria-hidden="true" style={{ height: win.paddingTop }}>
                    <td colSpan={colCount} />
                  </tr>
                ) : null}
                {visibleRows.map((row, i) => {
                  const rowIndex = windowed ? win.start + i + 2 : undefined;
                  const style = windowed ? { height: `${rowHeightRem}rem` } : undefined;
                  const cells = (row as unknown as { getVisibleCells(): LooseCell[] }).getVisibleCells();
                  const grouped = row.getIsGrouped?.() ?? false;
                  const canExpand = row.getCanExpand?.() ?? false;
                  const isExpanded = row.getIsExpanded?.() ?? false;
                  const toggle = canExpand ? row.getToggleExpandedHandler?.() : undefined;
                  const original = row.original as TData;
                  const href = grouped || canExpand ? undefined : rowHref?.(original);
                  const linkAt = href
                    ? Math.max(
                        0,
                        cells.findIndex((c) => c.column.columnDef.meta?.rowLink),
                      )
                    : -1;
                  return (
                    <tr
                      key={row.id}
                      // Rows that just changed are marked by their id (lib/live/row-marks.ts).
                      data-row-id={row.id}
                      // j/k select the rows that open something (lib/palette/keyboard.ts), early clicks wait for them.
                      data-openable={href ? '' : undefined}
                      aria-rowindex={rowIndex}
                      className={cn(
                        'border-b border-border',
                        canExpand ? 'bg-muted/30' : 'hover:bg-muted/50',
                        href && 'cursor-pointer',
                        !grouped && getRowClassName?.(original),
                      )}
                      style={style}
                      onClick={href ? openRow : undefined}
                      onAuxClick={href ? openRow : undefined}
                    >
                      {cells.map((cell, ci) => {
                        const meta = cell.column.columnDef.meta;
                        const first = ci === 0;
                        // A column-grouped row shows its group's value in the first cell, by the toggle.
                        const groupCell = grouped ? cells.find((c) => c.getIsGrouped?.()) : undefined;
                        const shown = first && groupCell ? groupCell : cell;
                        const rendered =
                          grouped && !first && cell === groupCell ? null : (
                            <table.FlexRender cell={shown as never} />
                          );
                        const linked =
                          ci === linkAt ? (
                            // No prefetch: fifty rows in view would fetch fifty pages on a slow network.
                            <Link
                              href={href!}
                              prefetch={false}
                              data-row-link=""
                              className="hover:underline"
                              onClick={
                                onRowOpen
                                  ? (event) => {
                                      if (!plainClick(event)) return;
                                      event.preventDefault();
                                      onRowOpen(original);
                                    }
                                  : undefined
                              }
                            >
                              {rendered}
                            </Link>
                          ) : (
                            rendered
                          );
                        const content = meta?.truncate ? (
                          <div className="max-w-64 truncate" title={String(shown.getValue?.() ?? '')}>
                            {linked}
                          </div>
                        ) : (
                          linked
                        );
                        return (
                          <td
                            key={cell.id}
                            className={cn(
                              'whitespace-nowrap p-2 align-middle',
                              meta?.align === 'end' && 'text-right',
                              sticky(ci),
                              meta?.className,
                            )}
                            style={
                              first && row.depth > 0
                                ? { paddingLeft: `${0.5 + row.depth * 1.5}rem` }
                                : undefined
                            }
                          >
                            {first && canExpand ? (
                              <button
                                type="button"
                                aria-expanded={isExpanded}
                                onClick={(event) => {
                                  event.stopPropagation();
                                  toggle?.();
                                }}
                                className="inline-flex max-w-full items-center gap-1.5 rounded-sm px-1 text-left font-medium outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                              >
                                <StaticIcon
                                  icon={isExpanded ? ChevronDown : ChevronRight}
                                  className="size-4 shrink-0"
                                />
                                {content}
                                {grouped ? (
                                  <span className="text-xs font-normal text-muted-foreground">
                                    ({row.subRows.length})
                                  </span>
                                ) : null}
                              </button>
                            ) : (
                              content
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
                {windowed && win.paddingBottom > 0 ? (
                  <tr aria-hidden="true" style={{ height: win.paddingBottom }}>
                    <td colSpan={colCount} />
                  </tr>
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
          rowCount={paged.getRowCount?.()}
          pageSizeOptions={pageSizeOptions}
          onPageIndexChange={(pageIndex) => onPaginationChange({ ...pagination, pageIndex })}
          onPageSizeChange={(pageSize) => onPaginationChange({ pageIndex: 0, pageSize })}
        />
      ) : null}
    </div>
  );
}
