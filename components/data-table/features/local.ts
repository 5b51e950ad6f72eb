import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  metaHelper,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { registerEngine } from '../engine';
import { useClientPaging, useTanstackEngine } from '../tanstack-engine';
import type { DataTableColumnMeta } from './meta';
import { clientSortFns } from './sort-fns';

/** A list held whole in the browser: the table sorts and pages it. */
export const localListFeatures = registerEngine(
  tableFeatures({
    rowSortingFeature,
    rowPaginationFeature,
    columnVisibilityFeature,
    sortedRowModel: createSortedRowModel(),
    paginatedRowModel: createPaginatedRowModel(),
    sortFns: clientSortFns,
    columnMeta: metaHelper<DataTableColumnMeta>(),
  }),
  useTanstackEngine,
  useClientPaging,
);
