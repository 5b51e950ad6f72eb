'use client';

import * as React from 'react';
import type { PaginationState, Updater } from '@tanstack/react-table';
import type { ParamSpecs } from '@/lib/search-params/define';
import { applyUpdater } from './engine';
import { useUrlSorting, type TableUrlValues, type UrlState } from './use-url-sorting';
import { usePersistedPageSize } from './use-persisted-page-size';

/**
 * A paged list's sort and page as DataTable props from the screen's URL state (sortParams + pageParams): spread the
 * result into <DataTable>. Without pageSize in the URL the size persisted for every table applies; a changed size
 * is written to the URL and persisted.
 */
export function useUrlTable<S extends ParamSpecs>(
  urlState: UrlState<S>,
  { serverPageSize }: { serverPageSize?: number | null } = {},
) {
  const { sorting, onSortingChange } = useUrlSorting(urlState);
  const v = urlState[0] as TableUrlValues;
  const write = urlState[1] as (patch: TableUrlValues) => void;
  const [persisted, persist] = usePersistedPageSize(serverPageSize);
  const pagination = React.useMemo<PaginationState>(
    () => ({ pageIndex: v.pageIndex ?? 0, pageSize: v.pageSize ?? persisted }),
    [v.pageIndex, v.pageSize, persisted],
  );
  const onPaginationChange = React.useCallback(
    (updater: Updater<PaginationState>) => {
      const next = applyUpdater(updater, pagination);
      if (next.pageSize !== pagination.pageSize) {
        persist(next.pageSize);
        write({ pageIndex: 0, pageSize: next.pageSize });
      } else write({ pageIndex: next.pageIndex });
    },
    [pagination, persist, write],
  );
  return { sorting, onSortingChange, pagination, onPaginationChange };
}
