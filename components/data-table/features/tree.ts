import type { columnVisibilityFeature, rowExpandingFeature, rowSortingFeature } from '@tanstack/react-table';
import { registerEngine } from '../engine';
import { useLightEngine } from '../light-engine';
import type { DataTableColumnMeta } from './meta';

/** The TanStack feature types whose column options a tree list's columns may use (types only). */
export interface TreeListFeatures {
  rowSortingFeature: typeof rowSortingFeature;
  rowExpandingFeature: typeof rowExpandingFeature;
  columnVisibilityFeature: typeof columnVisibilityFeature;
  columnMeta: DataTableColumnMeta;
}

/**
 * Expandable groups from rows the screen has already grouped and sorted (`getSubRows`, `manualSorting`): group
 * rows carry the group's aggregates, children show when expanded. The health list uses it for thousands of rows,
 * windowed. The table holds the sort state for the headers and the expanded groups: the kit's small engine.
 */
export const treeListFeatures = registerEngine({} as TreeListFeatures, useLightEngine);
