import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';

/**
 * The URL contract of /topology and /topology/{id}: the filter bar's state (upstream's names: status, type, team,
 * labels, agent, sortBy, sortOrder) and the component page's open side-panel sections. The server page prefetches
 * what it names and the client dashboard reads the same values. Defaults are never written to the URL.
 */

/** Standard sort keys; `field:<property>` sorts by a component property (upstream's custom sort). */
export const TOPOLOGY_STANDARD_SORTS = ['status', 'name', 'type', 'updated_at'] as const;
export const PROPERTY_SORT_PREFIX = 'field:';
export type TopologySortOrder = 'asc' | 'desc';

/** The property name of a `field:<name>` sort key, or undefined for a standard one. */
export function sortProperty(sortBy: string): string | undefined {
  return sortBy.startsWith(PROPERTY_SORT_PREFIX)
    ? sortBy.slice(PROPERTY_SORT_PREFIX.length) || undefined
    : undefined;
}

const MAX_VALUE_LENGTH = 256;

/** One filter value; upstream's dropdowns wrote 'All' for no filter, which reads as no filter (not as an error). */
const filter = () =>
  param.custom<string | null>({
    default: null,
    parse: (raw) => {
      const value = raw.trim();
      if (value.toLowerCase() === 'all') return null;
      return value && value.length <= MAX_VALUE_LENGTH ? value : undefined;
    },
    serialize: (value) => value ?? '',
  });

export const topologySearch = defineSearchParams({
  status: filter(),
  type: filter(),
  team: filter(),
  /** One label as `key=value` ('key=' is allowed, '=value' is not). */
  labels: param.custom<string | null>({
    default: null,
    parse: (raw) => {
      const value = raw.trim();
      if (value.toLowerCase() === 'all') return null;
      return value.indexOf('=') > 0 && value.length <= MAX_VALUE_LENGTH ? value : undefined;
    },
    serialize: (value) => value ?? '',
  }),
  /** Agent id. */
  agent: filter(),
  sortBy: param.custom<string>({
    default: 'status',
    parse: (raw) =>
      (TOPOLOGY_STANDARD_SORTS as readonly string[]).includes(raw) ||
      (sortProperty(raw) && raw.length <= MAX_VALUE_LENGTH)
        ? raw
        : undefined,
    serialize: (value) => value,
  }),
  sortOrder: param.oneOf(['asc', 'desc'] as const, 'desc'),
  /** The component page's open side-panel sections (`sections=configs,checks`). */
  sections: param.list(),
});

export type TopologySearch = ParamValues<typeof topologySearch.params>;

/** `key=value` → its parts (the value may itself contain '='). */
export function splitLabelFilter(
  labels: string | null | undefined,
): { key: string; value: string } | undefined {
  if (!labels) return undefined;
  const index = labels.indexOf('=');
  if (index <= 0) return undefined;
  return { key: labels.slice(0, index), value: labels.slice(index + 1) };
}

/** Whether any filter (not the sort) is chosen; the empty state only says 'no match' then. */
export function hasTopologyFilters(
  search: Pick<TopologySearch, 'status' | 'type' | 'team' | 'labels' | 'agent'>,
): boolean {
  return Boolean(search.status || search.type || search.team || search.labels || search.agent);
}
