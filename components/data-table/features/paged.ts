import type { columnVisibilityFeature, rowPaginationFeature, rowSortingFeature } from '@tanstack/react-table';
import { registerEngine } from '../engine';
import { useLightEngine } from '../light-engine';
import type { DataTableColumnMeta } from './meta';

/** The TanStack feature types whose column options a paged list's columns may use (types only). */
export interface PagedListFeatures {
  rowSortingFeature: typeof rowSortingFeature;
  rowPaginationFeature: typeof rowPaginationFeature;
  columnVisibilityFeature: typeof columnVisibilityFeature;
  columnMeta: DataTableColumnMeta;
}

/**
 * A server-paged list: the backend sorts and pages (`manualSorting`, `manualPagination`, `rowCount` from
 * `Prefer: count=exact`), so the table only holds the sort, page and visible columns: the kit's small engine.
 */
export const pagedListFeatures = registerEngine({} as PagedListFeatures, useLightEngine);
