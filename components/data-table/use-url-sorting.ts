'use client';

import * as React from 'react';
import type { SortingState, Updater } from '@tanstack/react-table';
import type { ParamSpecs, ParamValues } from '@/lib/search-params/define';
import { sortingOf } from '@/lib/search-params/table';
import type { UrlStatePatch } from '@/lib/search-params/use-url-state';
import { applyUpdater } from './engine';

export interface TableUrlValues {
  sortBy?: string | null;
  sortDesc?: boolean;
  sortOrder?: 'asc' | 'desc';
  pageIndex?: number;
  pageSize?: number | null;
}

export type UrlState<S extends ParamSpecs> = readonly [
  ParamValues<S>,
  (patch: UrlStatePatch<S>) => void,
  ...unknown[],
];

/** A list's sort as DataTable props, read from and written to the screen's URL state (sortParams/sortOrderParams). */
export function useUrlSorting<S extends ParamSpecs>([values, set]: UrlState<S>) {
  const v = values as TableUrlValues;
  const write = set as (patch: (latest: TableUrlValues) => TableUrlValues) => void;
  const sorting = React.useMemo(() => sortingOf(v), [v.sortBy, v.sortDesc, v.sortOrder]); // eslint-disable-line react-hooks/exhaustive-deps
  const usesOrder = 'sortOrder' in v;
  const onSortingChange = React.useCallback(
    (updater: Updater<SortingState>) => {
      // From the latest sort, which a quick second click finds still on its way to the URL (useUrlState).
      write((latest) => {
        const next = applyUpdater(updater, sortingOf(latest))[0];
        return usesOrder
          ? { sortBy: next?.id ?? null, sortOrder: next?.desc ? 'desc' : 'asc' }
          : { sortBy: next?.id ?? null, sortDesc: next?.desc ?? false };
      });
    },
    [usesOrder, write],
  );
  return { sorting, onSortingChange };
}
