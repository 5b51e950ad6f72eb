'use client';

import * as React from 'react';
import type { ExpandedState, PaginationState, SortingState, Updater } from '@tanstack/react-table';
import type { DataTableColumnMeta } from './features/meta';

/**
 * The table engine of the kit's lean feature sets (server-paged lists, rows the screen grouped itself): where the
 * backend or the screen sorts, pages and groups, TanStack Table would only hold state at ~11 kB of first-load
 * JavaScript, so these sets use this small engine instead. It reads the same column definitions and offers the
 * part of TanStack's table API that DataTable, the column chooser and the CSV export use, so screens and the
 * renderer do not know which engine runs (docs/measurements.md has the figures).
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- column definitions are TanStack's, typed by the caller */
interface ColumnDefLike {
  id?: string;
  accessorKey?: string;
  accessorFn?: (row: any, index: number) => unknown;
  header?: unknown;
  cell?: unknown;
  meta?: DataTableColumnMeta;
  enableSorting?: boolean;
  enableHiding?: boolean;
}

export interface LightEngineOptions {
  columns: ColumnDefLike[];
  data: unknown[];
  getRowId?: (row: any, index: number) => string;
  getSubRows?: (row: any) => unknown[] | undefined;
  state: {
    sorting: SortingState;
    pagination: PaginationState;
    expanded: ExpandedState;
    columnVisibility: Record<string, boolean>;
  };
  onSortingChange: (updater: Updater<SortingState>) => void;
  onExpandedChange: (updater: Updater<ExpandedState>) => void;
  onColumnVisibilityChange: (updater: Updater<Record<string, boolean>>) => void;
  enableSorting?: boolean;
  rowCount?: number;
}

function render(template: unknown, context: unknown): React.ReactNode {
  if (template === null || template === undefined) return null;
  return typeof template === 'function'
    ? React.createElement(template as React.FC<any>, context as any)
    : (template as React.ReactNode);
}

const defaultCell = (props: { renderValue: () => unknown }) => {
  const value = props.renderValue() as { toString?: () => string } | null | undefined;
  return value?.toString?.() ?? null;
};

export function useLightEngine(options: LightEngineOptions) {
  const {
    columns,
    data,
    getRowId,
    getSubRows,
    state,
    onSortingChange,
    onExpandedChange,
    onColumnVisibilityChange,
    enableSorting = true,
    rowCount,
  } = options;
  const sort = state.sorting[0];
  const visibility = state.columnVisibility;
  const expanded = state.expanded;

  const cols = React.useMemo(
    () =>
      columns.map((def) => {
        const id = def.id ?? def.accessorKey ?? '';
        const accessorFn =
          def.accessorFn ?? (def.accessorKey ? (row: any) => row?.[def.accessorKey!] : undefined);
        return { id, columnDef: { ...def, cell: def.cell ?? defaultCell }, accessorFn };
      }),
    [columns],
  );

  const rows = React.useMemo(() => {
    const build = (items: unknown[], depth: number, parentId: string): any[] =>
      items.map((original, index) => {
        const id = getRowId ? getRowId(original, index) : parentId ? `${parentId}.${index}` : String(index);
        const children = getSubRows?.(original) ?? [];
        return {
          id,
          depth,
          index,
          original,
          subRows: children.length > 0 ? build(children, depth + 1, id) : [],
        };
      });
    return build(data, 0, '');
  }, [data, getRowId, getSubRows]);

  return React.useMemo(() => {
    const isVisible = (id: string) => visibility[id] !== false;
    const isExpanded = (id: string) =>
      expanded === true || Boolean((expanded as Record<string, boolean>)[id]);
    const columnApi = cols.map((c) => {
      const canSort = enableSorting && c.columnDef.enableSorting !== false && Boolean(c.accessorFn);
      const column: any = {
        ...c,
        getCanSort: () => canSort,
        getIsSorted: () => (sort?.id === c.id ? (sort.desc ? 'desc' : 'asc') : false),
        // Ascending, then descending, then unsorted (TanStack's order with sortDescFirst off).
        getToggleSortingHandler: () => () =>
          onSortingChange(
            sort?.id !== c.id ? [{ id: c.id, desc: false }] : sort.desc ? [] : [{ id: c.id, desc: true }],
          ),
        getCanHide: () => c.columnDef.enableHiding !== false,
        getIsVisible: () => isVisible(c.id),
        toggleVisibility: (value?: boolean) =>
          onColumnVisibilityChange((v) => ({ ...v, [c.id]: value ?? !isVisible(c.id) })),
      };
      return column;
    });
    const visibleColumns = columnApi.filter((c) => c.getIsVisible());
    const table: any = {};
    const decorate = (row: any): any => {
      row.getValue = (columnId: string) =>
        columnApi.find((c) => c.id === columnId)?.accessorFn?.(row.original, row.index);
      row.getCanExpand = () => row.subRows.length > 0;
      row.getIsExpanded = () => isExpanded(row.id);
      row.getToggleExpandedHandler = () => () =>
        onExpandedChange((current) => {
          const open =
            current === true
              ? Object.fromEntries(flat.filter((r) => r.subRows.length > 0).map((r) => [r.id, true]))
              : { ...current };
          if (open[row.id]) delete open[row.id];
          else open[row.id] = true;
          return open;
        });
      row.getVisibleCells = () =>
        visibleColumns.map((column) => {
          const cell: any = {
            id: `${row.id}_${column.id}`,
            row,
            column,
            getValue: () => row.getValue(column.id),
          };
          cell.getContext = () => ({
            table,
            row,
            column,
            cell,
            getValue: cell.getValue,
            renderValue: cell.getValue,
          });
          return cell;
        });
      row.subRows.forEach(decorate);
      return row;
    };
    const flat: any[] = [];
    const collect = (items: any[]) => items.forEach((r) => (flat.push(r), collect(r.subRows)));
    rows.forEach(decorate);
    collect(rows);
    const shown: any[] = [];
    const walk = (items: any[]) =>
      items.forEach((r) => (shown.push(r), r.subRows.length > 0 && isExpanded(r.id) && walk(r.subRows)));
    walk(rows);
    const headers = visibleColumns.map((column) => {
      const header: any = { id: column.id, column, colSpan: 1, isPlaceholder: false };
      header.getContext = () => ({ table, header, column });
      return header;
    });
    Object.assign(table, {
      getHeaderGroups: () => [{ id: '0', headers }],
      getRowModel: () => ({ rows: shown }),
      getCoreRowModel: () => ({ rows, flatRows: flat }),
      getAllLeafColumns: () => columnApi,
      getVisibleLeafColumns: () => visibleColumns,
      getRowCount: () => rowCount ?? rows.length,
      getPageCount: () =>
        Math.max(1, Math.ceil((rowCount ?? rows.length) / Math.max(1, state.pagination.pageSize))),
      FlexRender: ({ header, cell }: { header?: any; cell?: any }) =>
        header
          ? render(header.column.columnDef.header, header.getContext())
          : cell
            ? render(cell.column.columnDef.cell, cell.getContext())
            : null,
    });
    return table;
  }, [
    cols,
    rows,
    sort,
    visibility,
    expanded,
    enableSorting,
    onSortingChange,
    onExpandedChange,
    onColumnVisibilityChange,
    rowCount,
    state.pagination.pageSize,
  ]);
}
/* eslint-enable @typescript-eslint/no-explicit-any */
