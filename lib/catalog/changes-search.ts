import { CHANGE_SEVERITIES, CHANGE_SORT_COLUMNS, RECURSIVE_MODES } from '@/lib/catalog/change-constants';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range';
import { triStateKeyValues } from '@/lib/catalog/tri-state-param';

/**
 * The change feed's URL contract (/catalog/changes and an item's Changes tab), apart from the other catalog
 * contracts: its time range brings the range parsing code, which the other catalog pages do not load.
 */
export const changesSearch = defineSearchParams({
  configType: param.optionalString().resettingPage(),
  changeType: param.optionalString().resettingPage(),
  severity: param.optionalOneOf(CHANGE_SEVERITIES).resettingPage(),
  /** The items' tags (`config_tags` choices), sent as the feed's `tags` selector. */
  tags: triStateKeyValues(),
  /** The item tab's walk over related items (downstream by default, upstream §2.8). */
  recursive: param.oneOf(RECURSIVE_MODES, 'downstream').resettingPage(),
  ...timeRangeParams(),
  ...sortParams(CHANGE_SORT_COLUMNS, { by: 'created_at', desc: true }),
  ...pageParams(),
  /** The open change dialog. */
  changeId: param.optionalString(),
});
export type ChangesSearch = ParamValues<typeof changesSearch.params>;
