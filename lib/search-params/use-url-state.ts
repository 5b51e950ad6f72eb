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
  /**
   * 'push' (default): a discrete change (a select, a toggle, a tab, a sort, a page, a panel) is a history entry, so
   * Back undoes it (issue 34). 'replace' for text typed in a search box (one entry per pause would bury the page
   * under Back steps) and for corrections the page makes by itself.
   */
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

/** The query the last change is taking the page to, before the page shows it. */
interface Ahead {
  query: string;
  /** A server-rendered change: ahead until the router's transition ends. */
  server: boolean;
  at: number;
}

/**
 * A browser-only change is shown within a frame or two; one the page never showed (a link to the same page with
 * another query replaced it) must not hold later changes back, so it counts for this long only.
 */
const BROWSER_CHANGE_AHEAD_MS = 1000;

function latestQuery(ahead: Ahead | null): string | null {
  if (!ahead) return null;
  return ahead.server || performance.now() - ahead.at < BROWSER_CHANGE_AHEAD_MS ? ahead.query : null;
}

/** The same parameters and values, in any order. */
function sameQuery(a: string, b: string): boolean {
  const sorted = (query: string) => {
    const params = new URLSearchParams(query);
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
}

/**
 * A screen's URL state through its contract: the values Next's search params hold (the same the server page
 * parsed), and one writer. Changes that only the browser renders go through the history API, which Next keeps in
 * sync with its router (no server round trip); changes of a server-rendered parameter go through the router, as
 * a transition (`pending`). Nothing else writes the URL.
 *
 * A change builds on the latest state, not on the last render or the address bar: on the address the last change
 * goes to until the page shows it. The router updates the address only when a server-rendered change commits, and
 * writes each committed state's address back to the bar — a browser-only change's state too, so two quick ones
 * (Sort by, then Sort order) could see the bar reset to the address before the first. Two quick clicks on a sort
 * header sort descending instead of ascending twice, and quick selects keep every choice.
 */
export function useUrlState<S extends ParamSpecs>(
  contract: SearchParamsContract<S>,
): [ParamValues<S>, (patch: UrlStatePatch<S>, options?: SetUrlStateOptions) => void, UrlStateMeta<S>] {
  const searchParams = useSearchParams();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const search = searchParams.toString();
  const values = useMemo(() => contract.parse(new URLSearchParams(search)), [contract, search]);
  const ahead = useRef<Ahead | null>(null);
  useEffect(() => {
    const target = ahead.current;
    if (target && (target.server ? !pending : sameQuery(target.query, search))) ahead.current = null;
  }, [pending, search]);
  useEffect(() => {
    // Back and Forward go elsewhere: the next change builds on where they went.
    const forget = () => void (ahead.current = null);
    window.addEventListener('popstate', forget);
    return () => window.removeEventListener('popstate', forget);
  }, []);

  const set = useCallback(
    (patch: UrlStatePatch<S>, options: SetUrlStateOptions = {}) => {
      const location = window.location;
      const base = latestQuery(ahead.current) ?? location.search;
      const current = contract.parse(new URLSearchParams(base));
      const { values: next, changed } = applyPatch(
        contract,
        current,
        typeof patch === 'function' ? patch(current) : patch,
      );
      if (changed.length === 0) return;
      const query = nextSearch(contract, base, next, changed);
      const url = `${location.pathname}${query}${location.hash}`;
      const method = options.history ?? 'push';
      const server = changed.some((k) => contract.params[k]!.server);
      ahead.current = { query, server, at: performance.now() };
      if (server) {
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
