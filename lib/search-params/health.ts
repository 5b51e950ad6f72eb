import { encodeLabelsJson, parseLabelsJson, type TriStateMap } from '@/lib/filters';
import { isSimpleTimeRange, type SimpleTimeRange } from '@/lib/time-range/ranges';
import { REFRESH_RATE_OPTIONS } from '@/lib/constants';

/**
 * The URL contract of /health and /view/health (spec 001 §2.1, 000 §2): one parser and one serializer shared by
 * the server page (first paint) and the client hooks, with the spec's parameter names and defaults.
 */

export const HEALTH_PARAM_KEYS = [
  'query',
  'groupBy',
  'tabBy',
  'tab',
  'hidePassing',
  'timeRange',
  'labels',
  'layout',
  'sortBy',
  'sortDesc',
  'pivotBy',
  'refresh',
  'checkId',
  'large',
] as const;
export type HealthParamKey = (typeof HEALTH_PARAM_KEYS)[number];

export const BUILTIN_GROUP_BY = ['no-group', 'canary_name', 'name', 'description', 'type'] as const;
export const BUILTIN_TAB_BY = ['namespace', 'agent_id'] as const;
export const HEALTH_LAYOUTS = ['table', 'card'] as const;
export type HealthLayout = (typeof HEALTH_LAYOUTS)[number];
export const HEALTH_SORT_COLUMNS = ['name', 'health', 'uptime', 'latency', 'transition'] as const;
export type HealthSortColumn = (typeof HEALTH_SORT_COLUMNS)[number];
export type RefreshRate = (typeof REFRESH_RATE_OPTIONS)[number];

export const ALL_TAB = 'All';
export const NO_PIVOT = 'none';

export interface HealthParams {
  query: string;
  /** A builtin (no-group, canary_name, name, description, type) or a label key. */
  groupBy: string;
  /** namespace, agent_id or a label key. */
  tabBy: string;
  tab: string;
  hidePassing: boolean;
  /** Only when present in the URL: the check panel derives its default from the last run otherwise. */
  timeRange: SimpleTimeRange | null;
  labels: TriStateMap;
  layout: HealthLayout;
  sortBy: HealthSortColumn | null;
  sortDesc: boolean;
  /** A label key whose values become columns, or 'none'. */
  pivotBy: string;
  refresh: RefreshRate;
  checkId: string | null;
  large: boolean;
}

export interface HealthParamDefaults {
  refresh: RefreshRate;
}

export const HEALTH_DEFAULTS: Omit<HealthParams, 'refresh'> = {
  query: '',
  groupBy: 'canary_name',
  tabBy: 'namespace',
  tab: ALL_TAB,
  hidePassing: true,
  timeRange: null,
  labels: {},
  layout: 'table',
  sortBy: null,
  sortDesc: false,
  pivotBy: NO_PIVOT,
  checkId: null,
  large: false,
};

/** The console page starts without auto-refresh; the wall view refreshes every minute unless told otherwise. */
export const CONSOLE_DEFAULTS: HealthParamDefaults = { refresh: 'None' };
export const VIEW_DEFAULTS: HealthParamDefaults = { refresh: '1m' };

export type RawHealthParams = Partial<Record<HealthParamKey, string | null>>;
type ParamSource = URLSearchParams | Record<string, string | string[] | undefined | null>;

/** Reads the raw strings of the health keys from URLSearchParams or Next's searchParams object. */
export function readHealthParams(src: ParamSource): RawHealthParams {
  const out: RawHealthParams = {};
  for (const key of HEALTH_PARAM_KEYS) {
    const value = src instanceof URLSearchParams ? src.get(key) : src[key];
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') out[key] = first;
  }
  return out;
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

/** A group-by or tab-by value that is empty or absurdly long falls back to the default. */
function keyOrDefault(value: string | null | undefined, fallback: string): string {
  const v = value?.trim();
  return v && v.length <= 200 ? v : fallback;
}

function normalizeTabBy(value: string | null | undefined): string {
  const v = keyOrDefault(value, HEALTH_DEFAULTS.tabBy);
  // The spec calls it "agent"; the earlier console wrote agent_id.
  return v === 'agent' ? 'agent_id' : v;
}

/** Raw URL strings → typed state; invalid values fall back to the defaults (labels are logged by parseLabelsJson). */
export function parseHealthParams(raw: RawHealthParams, defaults: HealthParamDefaults = CONSOLE_DEFAULTS): HealthParams {
  return {
    query: raw.query ?? '',
    groupBy: keyOrDefault(raw.groupBy, HEALTH_DEFAULTS.groupBy),
    tabBy: normalizeTabBy(raw.tabBy),
    tab: keyOrDefault(raw.tab, ALL_TAB),
    hidePassing: raw.hidePassing === undefined || raw.hidePassing === null ? true : raw.hidePassing !== 'false',
    timeRange: isSimpleTimeRange(raw.timeRange) ? raw.timeRange : null,
    labels: parseLabelsJson(raw.labels),
    layout: isOneOf(HEALTH_LAYOUTS, raw.layout) ? raw.layout : 'table',
    sortBy: isOneOf(HEALTH_SORT_COLUMNS, raw.sortBy) ? raw.sortBy : null,
    sortDesc: raw.sortDesc === 'true',
    pivotBy: keyOrDefault(raw.pivotBy, NO_PIVOT),
    refresh: isOneOf(REFRESH_RATE_OPTIONS, raw.refresh) ? raw.refresh : defaults.refresh,
    checkId: raw.checkId?.trim() || null,
    large: raw.large === 'true',
  };
}

/**
 * Typed state → raw URL strings; a value equal to its default becomes null (removed from the URL), except
 * hidePassing, which is written when false only, and timeRange/checkId, which are written when set.
 */
export function serializeHealthParams(
  params: Partial<HealthParams>,
  defaults: HealthParamDefaults = CONSOLE_DEFAULTS,
): Record<HealthParamKey, string | null> {
  const full: HealthParams = { ...HEALTH_DEFAULTS, refresh: defaults.refresh, ...params };
  const unlessDefault = (value: string, fallback: string) => (value === fallback ? null : value);
  const labels = encodeLabelsJson(full.labels);
  return {
    query: full.query === '' ? null : full.query,
    groupBy: unlessDefault(full.groupBy, HEALTH_DEFAULTS.groupBy),
    tabBy: unlessDefault(full.tabBy, HEALTH_DEFAULTS.tabBy),
    tab: unlessDefault(full.tab, ALL_TAB),
    hidePassing: full.hidePassing ? null : 'false',
    timeRange: full.timeRange,
    labels: labels === '' ? null : labels,
    layout: unlessDefault(full.layout, HEALTH_DEFAULTS.layout),
    sortBy: full.sortBy,
    sortDesc: full.sortBy && full.sortDesc ? 'true' : null,
    pivotBy: unlessDefault(full.pivotBy, NO_PIVOT),
    refresh: unlessDefault(full.refresh, defaults.refresh),
    checkId: full.checkId,
    large: full.large ? 'true' : null,
  };
}

/** A query string (without '?') of the given state, for links such as a check's deep link. */
export function healthQueryString(params: Partial<HealthParams>, defaults: HealthParamDefaults = CONSOLE_DEFAULTS): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(serializeHealthParams(params, defaults))) {
    if (value !== null) search.set(key, value);
  }
  return search.toString();
}

/** The active filters of the filter panel (Hide Passing on, each label included or excluded), for the badge. */
export function activeFilterCount(params: Pick<HealthParams, 'hidePassing' | 'labels'>): number {
  return (params.hidePassing ? 1 : 0) + Object.keys(params.labels).length;
}
