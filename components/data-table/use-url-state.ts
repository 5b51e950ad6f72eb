'use client';

import { useCallback, useMemo } from 'react';
import { parseAsBoolean, parseAsInteger, parseAsString, useQueryStates } from 'nuqs';
import { functionalUpdate, type PaginationState, type SortingState, type Updater } from '@tanstack/react-table';
import { sortingFromValues, sortingToValues } from './sort-params';
import { parsePageSize } from './page-size';
import { usePersistedPageSize } from './use-persisted-page-size';

export interface UseUrlSortingOptions {
  /** Used when the URL has no sortBy. */
  defaultSorting?: SortingState;
  /** Keys removed when the sort changes (default ['pageIndex']). */
  resetKeys?: readonly string[];
  history?: 'push' | 'replace';
}

/** Sort state in the URL (sortBy, sortDesc) as a TanStack SortingState + setter. */
export function useUrlSorting(options: UseUrlSortingOptions = {}): [SortingState, (u: Updater<SortingState>) => void] {
  const { defaultSorting, history = 'replace' } = options;
  const resetKey = (options.resetKeys ?? ['pageIndex']).join('\u0000');
  const parsers = useMemo(() => {
    const extra = Object.fromEntries(resetKey ? resetKey.split('\u0000').map((k) => [k, parseAsString]) : []);
    return { ...extra, sortBy: parseAsString, sortDesc: parseAsBoolean };
  }, [resetKey]);
  const [values, setValues] = useQueryStates(parsers, { history });
  const sortBy = values.sortBy as string | null;
  const sortDesc = values.sortDesc as boolean | null;
  const defaultKey = JSON.stringify(defaultSorting ?? []);
  const sorting = useMemo<SortingState>(() => {
    const s = sortingFromValues(sortBy, sortDesc);
    return s.length ? s : (JSON.parse(defaultKey) as SortingState);
  }, [sortBy, sortDesc, defaultKey]);
  const setSorting = useCallback(
    (updater: Updater<SortingState>) => {
      const next = functionalUpdate(updater, sorting);
      const resets = Object.fromEntries(resetKey ? resetKey.split('\u0000').map((k) => [k, null]) : []);
      void setValues({ ...resets, ...sortingToValues(next) });
    },
    [sorting, setValues, resetKey],
  );
  return [sorting, setSorting];
}

export interface UseUrlPaginationOptions {
  /** Page size read by the server from the cookie, for the first paint. */
  serverPageSize?: number | null;
  /** Allowed page sizes (default: the standard options). */
  pageSizeOptions?: readonly number[];
  history?: 'push' | 'replace';
}

/**
 * Pagination in the URL (pageIndex 0-based, pageSize). Without pageSize in the URL the shared
 * persisted page size is used; changing the size persists it for every table.
 */
export function useUrlPagination(
  options: UseUrlPaginationOptions = {},
): [PaginationState, (u: Updater<PaginationState>) => void] {
  const { serverPageSize, pageSizeOptions, history = 'replace' } = options;
  const [persisted, persist] = usePersistedPageSize(serverPageSize);
  const [values, setValues] = useQueryStates({ pageIndex: parseAsInteger, pageSize: parseAsInteger }, { history });
  const pageSize = parsePageSize(values.pageSize ?? undefined, pageSizeOptions) ?? persisted;
  const pageIndex = Math.max(0, values.pageIndex ?? 0);
  const pagination = useMemo(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const setPagination = useCallback(
    (updater: Updater<PaginationState>) => {
      const next = functionalUpdate(updater, pagination);
      if (next.pageSize !== pagination.pageSize) persist(next.pageSize);
      void setValues({
        pageIndex: next.pageIndex > 0 ? next.pageIndex : null,
        pageSize: next.pageSize !== pagination.pageSize || values.pageSize !== null ? next.pageSize : null,
      });
    },
    [pagination, persist, setValues, values.pageSize],
  );
  return [pagination, setPagination];
}
