import type { SortingState } from '@tanstack/react-table';

export const SORT_BY_PARAM = 'sortBy';
export const SORT_DESC_PARAM = 'sortDesc';

/** Sorting state from `sortBy` / `sortDesc` values (single-column sort). */
export function sortingFromValues(sortBy: string | null | undefined, sortDesc: string | boolean | null | undefined): SortingState {
  if (!sortBy) return [];
  const desc = sortDesc === true || sortDesc === 'true' || sortDesc === '1';
  return [{ id: sortBy, desc }];
}

export function sortingFromParams(params: URLSearchParams, fallback: SortingState = []): SortingState {
  const s = sortingFromValues(params.get(SORT_BY_PARAM), params.get(SORT_DESC_PARAM));
  return s.length ? s : fallback;
}

/** URL values for a sorting state: the first sort only; empty removes both keys. */
export function sortingToValues(sorting: SortingState): { sortBy: string | null; sortDesc: boolean | null } {
  const first = sorting[0];
  if (!first) return { sortBy: null, sortDesc: null };
  return { sortBy: first.id, sortDesc: first.desc };
}

/** Pure: a copy of params with sortBy/sortDesc written (and resetKeys such as pageIndex removed). */
export function sortingToParams(
  params: URLSearchParams,
  sorting: SortingState,
  resetKeys: readonly string[] = [],
): URLSearchParams {
  const next = new URLSearchParams(params);
  const { sortBy, sortDesc } = sortingToValues(sorting);
  if (sortBy) {
    next.set(SORT_BY_PARAM, sortBy);
    next.set(SORT_DESC_PARAM, String(!!sortDesc));
  } else {
    next.delete(SORT_BY_PARAM);
    next.delete(SORT_DESC_PARAM);
  }
  for (const k of resetKeys) next.delete(k);
  return next;
}
