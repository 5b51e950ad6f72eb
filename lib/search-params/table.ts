import { PAGE_SIZE_OPTIONS, REFRESH_RATE_OPTIONS, type RefreshRate } from '@/lib/constants';
import { encodeLabelsJson, parseLabelsJson, type TriStateMap } from '@/lib/filters';
import { param } from '@/lib/search-params/define';

/**
 * The URL parameters of a sorted and paged list (spec 000 §3 "Table page state", "Sort state"), to spread into a
 * screen's contract: `defineSearchParams({ query: …, ...sortParams(COLUMNS), ...pageParams() })`.
 */

/** `sortBy` + `sortDesc=true` (the health list's form); a sort change returns to the first page. */
export function sortParams<const C extends string>(
  columns: readonly C[],
  fallback: { by: C | null; desc?: boolean } = { by: null },
) {
  return {
    sortBy: param.optionalOneOf(columns).withDefault(fallback.by).resettingPage(),
    sortDesc: param.boolean(fallback.desc ?? false).resettingPage(),
  };
}

/** `sortBy` + `sortOrder=asc|desc` (the form most upstream lists used). */
export function sortOrderParams<const C extends string>(
  columns: readonly C[],
  fallback: { by: C | null; order?: 'asc' | 'desc' } = { by: null },
) {
  return {
    sortBy: param.optionalOneOf(columns).withDefault(fallback.by).resettingPage(),
    sortOrder: param.oneOf(['asc', 'desc'] as const, fallback.order ?? 'asc').resettingPage(),
  };
}

/** `pageIndex` (0-based) + `pageSize`; without pageSize in the URL the size persisted for every table applies. */
export function pageParams(options: readonly number[] = PAGE_SIZE_OPTIONS) {
  return { pageIndex: param.pageIndex(), pageSize: param.pageSize(options) };
}

/**
 * A tri-state label filter (LabelFilter): `{"key=value": 1 | -1}` as JSON; a value that fails to parse is ignored
 * (and logged). A change returns a paged list to its first page.
 */
export function labelFilterParam() {
  return param
    .custom<TriStateMap>({
      default: {},
      parse: (raw) => {
        const labels = parseLabelsJson(raw);
        return Object.keys(labels).length > 0 ? labels : undefined;
      },
      serialize: encodeLabelsJson,
    })
    .resettingPage();
}

/** Links of the earlier console wrote `1m` for the 60-second refresh, which the spec lists as `60s`. */
const REFRESH_ALIASES: Readonly<Record<string, RefreshRate>> = { '1m': '60s' };

/**
 * `refresh`: the auto-refresh rate of RefreshControls (spec 001 §9: None, 15s, 30s, 60s, 2m … 15m); pass
 * `refreshRateToMs(values.refresh)` to the list query's refetchInterval.
 */
export function refreshParam(fallback: RefreshRate = 'None') {
  return param.custom<RefreshRate>({
    default: fallback,
    parse: (raw) =>
      REFRESH_ALIASES[raw] ??
      ((REFRESH_RATE_OPTIONS as readonly string[]).includes(raw) ? (raw as RefreshRate) : undefined),
    serialize: (value) => value,
  });
}

/** The sort of a state with either form, as TanStack's SortingState. */
export function sortingOf(values: {
  sortBy?: string | null;
  sortDesc?: boolean;
  sortOrder?: 'asc' | 'desc';
}): { id: string; desc: boolean }[] {
  if (!values.sortBy) return [];
  return [
    { id: values.sortBy, desc: values.sortOrder ? values.sortOrder === 'desc' : Boolean(values.sortDesc) },
  ];
}

/**
 * `columns`: the column chooser's changes from a list's default columns, `id` shown or `!id` hidden (issue 33: a saved
 * view keeps its columns). Without it the list shows its defaults.
 */
export function columnParams() {
  return { columns: param.list() };
}
