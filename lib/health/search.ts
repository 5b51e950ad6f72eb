import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { columnParams, labelFilterParam, refreshParam, sortParams } from '@/lib/search-params/table';
import { SIMPLE_TIME_RANGE_OPTIONS } from '@/lib/time-range/simple';

/**
 * The URL contract of /health and /view/health (spec 001 §2.1, 000 §2), with the spec's parameter names and
 * defaults (hidePassing true, tabBy namespace, groupBy canary_name). The server page and the dashboard both read it.
 */

export const HEALTH_SORT_COLUMNS = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export type HealthSortColumn = (typeof HEALTH_SORT_COLUMNS)[number];
export const BUILTIN_GROUP_BY = ['no-group', 'canary_name', 'name', 'description', 'type'] as const;
export const HEALTH_LAYOUTS = ['table', 'card'] as const;
export type HealthLayout = (typeof HEALTH_LAYOUTS)[number];

export const ALL_TAB = 'All';
export const NO_PIVOT = 'none';

/** A group-by, tab-by or pivot key: a builtin or a label key; empty or absurdly long values are refused. */
const key = (fallback: string, normalize: (value: string) => string = (v) => v) =>
  param.custom<string>({
    default: fallback,
    parse: (raw) => {
      const value = raw.trim();
      return value && value.length <= 200 ? normalize(value) : undefined;
    },
    serialize: (value) => value,
  });

export const healthSearch = defineSearchParams({
  query: param.string().resettingPage(),
  groupBy: key('canary_name').resettingPage(),
  // The spec calls it "agent"; the earlier console wrote agent_id.
  tabBy: key('namespace', (v) => (v === 'agent' ? 'agent_id' : v)).resettingPage(),
  tab: key(ALL_TAB).resettingPage(),
  hidePassing: param.boolean(true).resettingPage(),
  /** `{"key=value": 1 | -1}`; a value that fails to parse is ignored (and logged). */
  labels: labelFilterParam(),
  layout: param.oneOf(HEALTH_LAYOUTS, 'table'),
  ...sortParams(HEALTH_SORT_COLUMNS),
  /** A label key whose values become columns, or 'none'. */
  pivotBy: key(NO_PIVOT),
  /** The pivot table's column choice. */
  ...columnParams(),
  refresh: refreshParam(),
  checkId: param.optionalString(),
  /** Only when present: the check panel derives its range from the last run otherwise. */
  timeRange: param.optionalOneOf(SIMPLE_TIME_RANGE_OPTIONS),
  /** The wall display's large type. */
  large: param.boolean(false),
  /** The board's page when the backend pages it (lib/health/board.ts); a filter, tab, group or sort change resets it. */
  pageIndex: param.pageIndex(),
});

/** The wall display refreshes every minute unless told otherwise. */
export const healthViewSearch = healthSearch.withDefaults({ refresh: '60s' });

export type HealthParams = ParamValues<typeof healthSearch.params>;

/** The active filters of the filter panel (Hide Passing on, each label included or excluded), for the badge. */
export function activeFilterCount(params: Pick<HealthParams, 'hidePassing' | 'labels'>): number {
  return (params.hidePassing ? 1 : 0) + Object.keys(params.labels).length;
}

export { checkHref } from '@/lib/health/href';
