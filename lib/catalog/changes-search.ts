import { CHANGE_SEVERITIES, CHANGE_SORT_COLUMNS, RECURSIVE_MODES } from '@/lib/catalog/change-constants';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range-params';
import { triStateKeyValues } from '@/lib/catalog/tri-state-param';

/**
 * The change feed's URL contract (/catalog/changes and an item's Changes tab), apart from the other catalog
 * contracts. Its time range is parsed only where the feed's request is built (lib/catalog/changes-queries.ts).
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

/** The values of the contract the feed's request is made of: all but the open dialog and the URL's page size. */
export type ChangesFeedValues = Omit<ChangesSearch, 'changeId' | 'pageSize'>;

/** What the change feed's request is built from: its query's key (changesFeedQuery). */
export interface ChangesFeedInput {
  values: ChangesFeedValues;
  pageSize: number;
  showDeleted: boolean;
  /** The item whose related items' changes are asked (its Changes tab); none for /catalog/changes. */
  configId?: string;
}

/**
 * The feed's input for a state: opening a change (`changeId`) keeps the query, and `recursive` counts only for an
 * item (/catalog/changes asks for every item's changes whatever it says).
 */
export function changesFeedInput(
  { changeId: _dialog, pageSize: _urlPageSize, ...values }: ChangesSearch,
  pageSize: number,
  showDeleted: boolean,
  configId?: string,
): ChangesFeedInput {
  return configId
    ? { values, pageSize, showDeleted, configId }
    : { values: { ...values, recursive: 'downstream' }, pageSize, showDeleted };
}
