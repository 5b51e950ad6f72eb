'use client';

import * as React from 'react';
import type { ParamSpecs } from '@/lib/search-params/define';
import type { UrlState } from './use-url-sorting';

const ALL_SHOWN: Readonly<Record<string, boolean>> = {};

/**
 * A list's column choice as DataTable props, kept in the screen's URL state (`columnParams`): the defaults (`{ id:
 * false }` hides a column at first) with the URL's changes on top, and each change written as its difference from
 * the defaults, so a list at its defaults has no `columns` in its address.
 */
export function useUrlColumns<S extends ParamSpecs>(
  [values, set]: UrlState<S>,
  defaults: Readonly<Record<string, boolean>> = ALL_SHOWN,
) {
  const changes = (values as { columns?: readonly string[] }).columns ?? [];
  const write = set as (patch: { columns: string[] }) => void;
  const key = changes.join(',');
  const columnVisibility = React.useMemo(() => {
    const shown: Record<string, boolean> = { ...defaults };
    for (const entry of changes) {
      if (entry.startsWith('!')) shown[entry.slice(1)] = false;
      else shown[entry] = true;
    }
    return shown;
  }, [key, defaults]); // eslint-disable-line react-hooks/exhaustive-deps
  const onColumnVisibilityChange = React.useCallback(
    (next: Record<string, boolean>) =>
      write({
        columns: Object.entries(next)
          .filter(([id, on]) => on !== (defaults[id] ?? true))
          .map(([id, on]) => (on ? id : `!${id}`)),
      }),
    [defaults, write],
  );
  return { columnVisibility, onColumnVisibilityChange };
}
