import {
  CHECK_SORT_COLUMNS,
  HEALTH_VALUES,
  INSIGHT_SEVERITIES,
  INSIGHT_SORT_COLUMNS,
  INSIGHT_STATUSES,
  INSIGHT_TYPES,
} from '@/lib/catalog/constants';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { SIMPLE_TIME_RANGE_OPTIONS } from '@/lib/time-range/simple';

/** The URL contracts of the catalog's insights list and of an item's tabs and config view (issue 16). */

export const insightsSearch = defineSearchParams({
  configType: param.optionalString().resettingPage(),
  status: param.optionalOneOf(INSIGHT_STATUSES).withDefault('open').resettingPage(),
  type: param.optionalOneOf(INSIGHT_TYPES).resettingPage(),
  severity: param.optionalOneOf(INSIGHT_SEVERITIES).resettingPage(),
  analyzer: param.optionalString().resettingPage(),
  /** A topology component: its configs' insights (the cards' insight links send `component` and `type`). */
  component: param.optionalString().resettingPage(),
  ...sortParams(INSIGHT_SORT_COLUMNS, { by: 'first_observed', desc: true }),
  ...pageParams(),
  insightId: param.optionalString(),
});
export type InsightsSearch = ParamValues<typeof insightsSearch.params>;

export const relationshipsSearch = defineSearchParams({
  view: param.oneOf(['graph', 'table'] as const, 'graph'),
  direction: param.oneOf(['all', 'incoming', 'outgoing'] as const, 'all'),
  /** Hard relationships only, or soft ones too. */
  relation: param.oneOf(['both', 'hard'] as const, 'both'),
  type: param.optionalString(),
  health: param.optionalOneOf(HEALTH_VALUES),
  status: param.optionalString(),
});
export type RelationshipsSearch = ParamValues<typeof relationshipsSearch.params>;

/** The config view: the body's format and a highlighted path; the server renders both. */
export const configViewSearch = defineSearchParams({
  format: param.oneOf(['yaml', 'json'] as const, 'yaml').serverRendered(),
  selected: param.string().serverRendered(),
});
export type ConfigViewSearch = ParamValues<typeof configViewSearch.params>;

/** The Checks tab: sort and page (on the server), the open check panel and its time range, as on /health. */
export const configChecksSearch = defineSearchParams({
  ...sortParams(CHECK_SORT_COLUMNS, { by: 'name' }),
  ...pageParams(),
  checkId: param.optionalString(),
  timeRange: param.optionalOneOf(SIMPLE_TIME_RANGE_OPTIONS),
});
export type ConfigChecksSearch = ParamValues<typeof configChecksSearch.params>;

/** The Playbooks tab: its page. */
export const configRunsSearch = defineSearchParams({ ...pageParams() });
