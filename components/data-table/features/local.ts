import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import { registerEngine } from '../engine';
import { useClientPaging, useTanstackEngine } from '../tanstack-engine';
import type { DataTableColumnMeta } from './meta';

/** A list held whole in the browser: the table sorts and pages it. */
export const localListFeatures = registerEngine(
  tableFeatures({
    rowSortingFeature,
    rowPaginationFeature,
    columnVisibilityFeature,
    sortedRowModel: createSortedRowModel(),
    paginatedRowModel: createPaginatedRowModel(),
    sortFns: {
      alphanumeric: sortFn_alphanumeric,
      basic: sortFn_basic,
      datetime: sortFn_datetime,
      text: sortFn_text,
    },
    columnMeta: metaHelper<DataTableColumnMeta>(),
  }),
  useTanstackEngine,
  useClientPaging,
);
