import { CONNECTION_SORT_COLUMNS } from '@/lib/connections/types';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';

/**
 * The URL contract of /settings/connections: search (name or URL/host), type filter, sort (default newest first:
 * no sortBy), page, and the connection open in the edit dialog. The server page and the list both read it.
 */
export const connectionsSearch = defineSearchParams({
  query: param.string().resettingPage(),
  type: param.optionalString().resettingPage(),
  ...sortParams(CONNECTION_SORT_COLUMNS),
  ...pageParams(),
  /** The connection open in the edit dialog. */
  id: param.optionalString(),
});
export type ConnectionsSearch = ParamValues<typeof connectionsSearch.params>;
