/**
 * The URL contract of /topology and /topology/{id}: the filter bar's state, shared by the server pages (which
 * render the filtered cards) and the client filter bar (which writes it). Defaults are never written to the URL.
 */

export const TOPOLOGY_SORT_ORDERS = ['asc', 'desc'] as const;
export type TopologySortOrder = (typeof TOPOLOGY_SORT_ORDERS)[number];

/** Standard sort keys; `field:<property>` sorts by a component property (upstream's custom sort). */
export const TOPOLOGY_STANDARD_SORTS = ['status', 'name', 'type', 'updated_at'] as const;
export const PROPERTY_SORT_PREFIX = 'field:';

/** The sort keys the backend understands (name, status, field:…); the others are applied on the console's side. */
export function backendSortBy(sortBy: string): string | undefined {
  return sortBy === 'name' || sortBy === 'status' || (sortBy.startsWith(PROPERTY_SORT_PREFIX) && sortBy.length > 6)
    ? sortBy
    : undefined;
}

/** The property name of a `field:<name>` sort key, or undefined for a standard one. */
export function sortProperty(sortBy: string): string | undefined {
  return sortBy.startsWith(PROPERTY_SORT_PREFIX) ? sortBy.slice(PROPERTY_SORT_PREFIX.length) || undefined : undefined;
}

export const TOPOLOGY_DEFAULT_SORT_BY = 'status';
export const TOPOLOGY_DEFAULT_SORT_ORDER: TopologySortOrder = 'desc';

/** The query parameter names. */
export const TOPOLOGY_PARAM_KEYS = ['status', 'type', 'team', 'labels', 'agent', 'sortBy', 'sortOrder'] as const;
export type TopologyParamKey = (typeof TOPOLOGY_PARAM_KEYS)[number];

/** The component page's side panel: which sections are open (`sections=configs,checks`). */
export const TOPOLOGY_SECTIONS_PARAM = 'sections';

/** Upstream's dropdowns wrote 'All' for no filter; it is read as no filter. */
const ALL = 'all';

export interface TopologySearch {
  status?: string;
  type?: string;
  team?: string;
  /** One label as `key=value`. */
  labels?: string;
  /** Agent id. */
  agent?: string;
  sortBy: string;
  sortOrder: TopologySortOrder;
}

export const DEFAULT_TOPOLOGY_SEARCH: TopologySearch = {
  sortBy: TOPOLOGY_DEFAULT_SORT_BY,
  sortOrder: TOPOLOGY_DEFAULT_SORT_ORDER,
};

export type RawSearchParams =
  | URLSearchParams
  | Readonly<Record<string, string | readonly string[] | undefined>>;

const MAX_VALUE_LENGTH = 256;

function first(raw: RawSearchParams, key: string): string | undefined {
  const value = raw instanceof URLSearchParams ? (raw.get(key) ?? undefined) : raw[key];
  const text = typeof value === 'string' ? value : value?.[0];
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.toLowerCase() === ALL || trimmed.length > MAX_VALUE_LENGTH) return undefined;
  return trimmed;
}

/** Reads the filter state from a page's searchParams or a URLSearchParams; unknown or bad values fall back. */
export function parseTopologySearch(raw: RawSearchParams): TopologySearch {
  const labels = first(raw, 'labels');
  const sortOrder = first(raw, 'sortOrder');
  const sortBy = first(raw, 'sortBy');
  const knownSort =
    sortBy !== undefined && ((TOPOLOGY_STANDARD_SORTS as readonly string[]).includes(sortBy) || sortProperty(sortBy) !== undefined);
  const search: TopologySearch = {
    sortBy: knownSort ? sortBy : TOPOLOGY_DEFAULT_SORT_BY,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : TOPOLOGY_DEFAULT_SORT_ORDER,
  };
  const status = first(raw, 'status');
  const type = first(raw, 'type');
  const team = first(raw, 'team');
  const agent = first(raw, 'agent');
  if (status) search.status = status;
  if (type) search.type = type;
  if (team) search.team = team;
  // A label filter needs a key; 'key=' (empty value) is allowed, '=value' is not.
  if (labels && labels.indexOf('=') > 0) search.labels = labels;
  if (agent) search.agent = agent;
  return search;
}

/** The query entries of a state, defaults left out, in a stable order. */
export function topologySearchEntries(search: Partial<TopologySearch>): Array<[TopologyParamKey, string]> {
  const out: Array<[TopologyParamKey, string]> = [];
  for (const key of ['status', 'type', 'team', 'labels', 'agent'] as const) {
    const value = search[key];
    if (value) out.push([key, value]);
  }
  if (search.sortBy && search.sortBy !== TOPOLOGY_DEFAULT_SORT_BY) out.push(['sortBy', search.sortBy]);
  if (search.sortOrder && search.sortOrder !== TOPOLOGY_DEFAULT_SORT_ORDER) out.push(['sortOrder', search.sortOrder]);
  return out;
}

/** `?status=unhealthy&type=Pod` (or '' for the defaults). */
export function serializeTopologySearch(search: Partial<TopologySearch>): string {
  const query = new URLSearchParams(topologySearchEntries(search)).toString();
  return query ? `?${query}` : '';
}

/** `key=value` → its parts (the value may itself contain '='). */
export function splitLabelFilter(labels: string | undefined): { key: string; value: string } | undefined {
  if (!labels) return undefined;
  const index = labels.indexOf('=');
  if (index <= 0) return undefined;
  return { key: labels.slice(0, index), value: labels.slice(index + 1) };
}

/** Whether any filter (not the sort) is chosen; the empty state only says 'no match' then. */
export function hasTopologyFilters(search: TopologySearch): boolean {
  return Boolean(search.status || search.type || search.team || search.labels || search.agent);
}
