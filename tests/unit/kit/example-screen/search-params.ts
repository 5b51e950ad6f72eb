// docs/new-screen.md, step 4 — in the product: lib/things/search.ts
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, refreshParam, sortParams } from '@/lib/search-params/table';

export const THING_SORTS = ['name', 'status', 'created_at'] as const;

/** The URL contract of /things: read by the server page and by the list; defaults never reach the URL. */
export const thingsSearch = defineSearchParams({
  query: param.string().resettingPage(),
  status: param.optionalString().resettingPage(),
  ...sortParams(THING_SORTS, { by: 'name' }),
  ...pageParams(),
  refresh: refreshParam(),
  /** The open detail panel. */
  id: param.optionalString(),
});
export type ThingsSearch = ParamValues<typeof thingsSearch.params>;
