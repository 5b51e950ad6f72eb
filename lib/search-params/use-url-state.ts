'use client';

import { useCallback, useEffect, useMemo, useRef, useTransition } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import {
  applyPatch,
  type ParamSpecs,
  type ParamValues,
  type SearchParamsContract,
} from '@/lib/search-params/define';

export interface SetUrlStateOptions {
  /** 'push' for changes worth a Back step (opening a detail panel); 'replace' (default) for filters. */
  history?: 'push' | 'replace';
}

/** A change: the values to set, or a function of the latest values (a toggle) that returns them. */
export type UrlStatePatch<S extends ParamSpecs> =
  Partial<ParamValues<S>> | ((latest: ParamValues<S>) => Partial<ParamValues<S>>);

export interface UrlStateMeta<S extends ParamSpecs> {
  /** A change of a server-rendered parameter is being rendered. */
  pending: boolean;
  /** The address of the current state with a patch applied (for real links: open in a new tab, copy). */
  href(patch: Partial<ParamValues<S>>): string;
}

/** Query parameters of `search` with the contract's keys written for `values` and other parameters kept. */
function nextSearch<S extends ParamSpecs>(
  contract: SearchParamsContract<S>,
  search: string,
  values: ParamValues<S>,
  keys: readonly (keyof S & string)[],
): string {
  const params = new URLSearchParams(search);
  const serialized = contract.serialize(
    Object.fromEntries(keys.map((k) => [k, values[k]])) as Partial<ParamValues<S>>,
  );
  for (const key of keys) {
    const value = serialized[key];
    if (value === null || value === undefined) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A screen's URL state through its contract: the values Next's search params hold (the same the server page
 * parsed), and one writer. Changes that only the browser renders go through the history API, which Next keeps in
 * sync with its router (no server round trip); changes of a server-rendered parameter go through the router, as
 * a transition (`pending`). Nothing else writes the URL.
 *
 * A change builds on the latest state, not on the last render: on the address bar, or, while a server-rendered
 * change is still in flight (the router updates the address only when it commits), on the address it goes to — so
 * two quick clicks on a sort header sort descending instead of ascending twice.
 */
export function useUrlState<S extends ParamSpecs>(
  contract: SearchParamsContract<S>,
): [ParamValues<S>, (patch: UrlStatePatch<S>, options?: SetUrlStateOptions) => void, UrlStateMeta<S>] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const search = searchParams.toString();
  const values = useMemo(() => contract.parse(new URLSearchParams(search)), [contract, search]);
  // The query a server-rendered change is taking the page to, until its transition ends.
  const inFlight = useRef<string | null>(null);
  useEffect(() => {
    if (!pending) inFlight.current = null;
  }, [pending, search]);

  const set = useCallback(
    (patch: UrlStatePatch<S>, options: SetUrlStateOptions = {}) => {
      const location = window.location;
      const base = inFlight.current ?? location.search;
      const current = contract.parse(new URLSearchParams(base));
      const { values: next, changed } = applyPatch(
        contract,
        current,
        typeof patch === 'function' ? patch(current) : patch,
      );
      if (changed.length === 0) return;
      const query = nextSearch(contract, base, next, changed);
      const url = `${location.pathname}${query}${location.hash}`;
      const method = options.history ?? 'replace';
      if (changed.some((k) => contract.params[k]!.server)) {
        inFlight.current = query;
        startTransition(() => router[method](url, { scroll: false }));
      } else if (method === 'push') {
        window.history.pushState(null, '', url);
      } else {
        window.history.replaceState(null, '', url);
      }
    },
    [contract, router],
  );

  const href = useCallback(
    (patch: Partial<ParamValues<S>>) => {
      const { values: next, changed } = applyPatch(contract, values, patch);
      return nextSearch(contract, search, next, changed) || '?';
    },
    [contract, values, search],
  );

  return [values, set, useMemo(() => ({ pending, href }), [pending, href])];
}
