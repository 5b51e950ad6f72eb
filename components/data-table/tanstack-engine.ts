'use client';

import * as React from 'react';
import { useTable, type PaginationState, type Updater } from '@tanstack/react-table';
import { applyUpdater, type Paging, type PagingProps } from './engine';
import { usePersistedPageSize } from './use-persisted-page-size';

/** TanStack Table as the engine of the feature sets that sort, page or group in the browser. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const useTanstackEngine = (options: any) => useTable(options);

/**
 * The paging of a list the browser holds: the screen's (URL) state when it passes one, otherwise its own page with
 * the page size persisted for every table; virtual pagination grows the page without persisting it.
 */
export function useClientPaging({
  pagination: controlled,
  onPaginationChange: controlledChange,
  serverPageSize,
}: PagingProps): Paging {
  const [persistedSize, persistSize] = usePersistedPageSize(serverPageSize);
  const [pageIndex, setPageIndex] = React.useState(0);
  const [grownSize, setGrownSize] = React.useState<number | null>(null);
  const pagination = React.useMemo<PaginationState>(
    () => controlled ?? { pageIndex, pageSize: grownSize ?? persistedSize },
    [controlled, pageIndex, persistedSize, grownSize],
  );
  const onPaginationChange = React.useCallback(
    (updater: Updater<PaginationState>) => {
      const next = applyUpdater(updater, pagination);
      const sizeChanged = next.pageSize !== pagination.pageSize;
      const resolved = sizeChanged ? { pageIndex: 0, pageSize: next.pageSize } : next;
      if (sizeChanged) persistSize(next.pageSize);
      if (controlledChange) controlledChange(resolved);
      else {
        if (sizeChanged) setGrownSize(null);
        setPageIndex(resolved.pageIndex);
      }
    },
    [pagination, controlledChange, persistSize],
  );
  const grow = React.useCallback(
    (pageSize: number) =>
      controlledChange ? controlledChange({ ...pagination, pageSize }) : setGrownSize(pageSize),
    [controlledChange, pagination],
  );
  return { pagination, onPaginationChange, grow };
}
