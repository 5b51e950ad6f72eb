import type { ParamSpecs, ParamValues } from '@/lib/search-params/define';
import type { SetUrlStateOptions, UrlStateMeta, UrlStatePatch } from '@/lib/search-params/use-url-state';

/**
 * Rows that open something of this page kept in its URL (a dialog's `?id=`, a filter): spread into <DataTable>.
 * A row's link is the current address (its filters kept) with `patch(row)` applied, so it opens in a new tab and
 * reloads with the dialog open; a plain click writes the same patch through the screen's URL state as a history
 * entry (no navigation), so Back closes it.
 */
export function urlRowLinks<S extends ParamSpecs, TData>(
  urlState: readonly [
    ParamValues<S>,
    (patch: UrlStatePatch<S>, options?: SetUrlStateOptions) => void,
    UrlStateMeta<S>,
  ],
  patch: (row: TData) => Partial<ParamValues<S>>,
) {
  const [, update, meta] = urlState;
  return {
    rowHref: (row: TData) => meta.href(patch(row)),
    onRowOpen: (row: TData) => update(patch(row), { history: 'push' }),
  };
}
