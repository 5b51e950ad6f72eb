'use client';

import * as React from 'react';
import type { Updater } from '@tanstack/react-table';
import type { ParamSpecs } from '@/lib/search-params/define';
import { applyUpdater } from './engine';
import type { UrlState } from './use-url-sorting';

const ALL_SHOWN: Readonly<Record<string, boolean>> = {};

/** The defaults with the address's changes on top (`id` shown, `!id` hidden). */
function visibilityOf(changes: readonly string[], defaults: Readonly<Record<string, boolean>>) {
  const shown: Record<string, boolean> = { ...defaults };
  for (const entry of changes) {
    if (entry.startsWith('!')) shown[entry.slice(1)] = false;
    else shown[entry] = true;
  }
  return shown;
}

/**
 * A list's column choice as DataTable props, kept in the screen's URL state (`columnParams`): the defaults (`{ id:
 * false }` hides a column at first) with the URL's changes on top, and each change written as its difference from
 * the defaults, so a list at its defaults has no `columns` in its address. A change builds on the latest choice (a
 * second click before the address has caught up keeps the first).
 */
export function useUrlColumns<S extends ParamSpecs>(
  [values, set]: UrlState<S>,
  defaults: Readonly<Record<string, boolean>> = ALL_SHOWN,
) {
  const changes = (values as { columns?: readonly string[] }).columns ?? [];
  type Columns = { columns?: readonly string[] };
  const write = set as (patch: (latest: Columns) => Columns) => void;
  const key = changes.join(',');
  const columnVisibility = React.useMemo(() => visibilityOf(changes, defaults), [key, defaults]); // eslint-disable-line react-hooks/exhaustive-deps
  const onColumnVisibilityChange = React.useCallback(
    (updater: Updater<Record<string, boolean>>) =>
      write((latest) => ({
        columns: Object.entries(applyUpdater(updater, visibilityOf(latest.columns ?? [], defaults)))
          .filter(([id, on]) => on !== (defaults[id] ?? true))
          .map(([id, on]) => (on ? id : `!${id}`)),
      })),
    [defaults, write],
  );
  return { columnVisibility, onColumnVisibilityChange };
}
