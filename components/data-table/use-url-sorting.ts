'use client';

import * as React from 'react';
import type { SortingState, Updater } from '@tanstack/react-table';
import type { ParamSpecs, ParamValues } from '@/lib/search-params/define';
import { sortingOf } from '@/lib/search-params/table';
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
  (patch: Partial<ParamValues<S>>) => void,
  ...unknown[],
];

/** A list's sort as DataTable props, read from and written to the screen's URL state (sortParams/sortOrderParams). */
export function useUrlSorting<S extends ParamSpecs>([values, set]: UrlState<S>) {
  const v = values as TableUrlValues;
  const write = set as (patch: TableUrlValues) => void;
  const sorting = React.useMemo(() => sortingOf(v), [v.sortBy, v.sortDesc, v.sortOrder]); // eslint-disable-line react-hooks/exhaustive-deps
  const usesOrder = 'sortOrder' in v;
  const onSortingChange = React.useCallback(
    (updater: Updater<SortingState>) => {
      const next = applyUpdater(updater, sorting)[0];
      if (usesOrder) write({ sortBy: next?.id ?? null, sortOrder: next?.desc ? 'desc' : 'asc' });
      else write({ sortBy: next?.id ?? null, sortDesc: next?.desc ?? false });
    },
    [sorting, usesOrder, write],
  );
  return { sorting, onSortingChange };
}
