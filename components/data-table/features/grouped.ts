import {
  aggregationFn_count,
  aggregationFn_max,
  aggregationFn_min,
  aggregationFn_sum,
  columnGroupingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  createGroupedRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowAggregationFeature,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { registerEngine } from '../engine';
import { useClientPaging, useTanstackEngine } from '../tanstack-engine';
import type { DataTableColumnMeta } from './meta';
import { clientSortFns } from './sort-fns';

/** A list held in the browser that the table groups by columns (`grouping`), with aggregates, sorting and paging. */
export const groupedListFeatures = registerEngine(
  tableFeatures({
    columnGroupingFeature,
    rowAggregationFeature,
    rowExpandingFeature,
    rowSortingFeature,
    rowPaginationFeature,
    columnVisibilityFeature,
    groupedRowModel: createGroupedRowModel(),
    sortedRowModel: createSortedRowModel(),
    expandedRowModel: createExpandedRowModel(),
    paginatedRowModel: createPaginatedRowModel(),
    sortFns: clientSortFns,
    aggregationFns: {
      count: aggregationFn_count,
      max: aggregationFn_max,
      min: aggregationFn_min,
      sum: aggregationFn_sum,
    },
    columnMeta: metaHelper<DataTableColumnMeta>(),
  }),
  useTanstackEngine,
  useClientPaging,
);
