import { CONFIG_SORT_COLUMNS, HEALTH_VALUES } from '@/lib/catalog/constants';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { columnParams, pageParams, sortParams } from '@/lib/search-params/table';
import { triStateKeyValues } from '@/lib/catalog/tri-state-param';

/**
 * The URL contract of the catalog's browse screen (issue 16: summary and list mode). Insights' and the item's tabs'
 * are in view-search.ts and the change feed's in changes-search.ts, so /catalog's first load carries only its own.
 * Server pages parse them; the client lists read and write them.
 */

export const catalogSearch = defineSearchParams({
  /** A chosen type lists its items; without it (and without a search) the page is the summary. */
  configType: param.optionalString().resettingPage(),
  search: param.string().resettingPage(),
  status: param.optionalString().resettingPage(),
  health: param.optionalOneOf(HEALTH_VALUES).resettingPage(),
  labels: triStateKeyValues(),
  /** The Tags filter (`config_tags`): `key=value` ids, included only. */
  tags: triStateKeyValues(),
  ...sortParams(CONFIG_SORT_COLUMNS, { by: 'type' }),
  ...pageParams(),
  ...columnParams(),
});
export type CatalogSearch = ParamValues<typeof catalogSearch.params>;

/** List mode: a type is chosen or a search is typed. */
export const isListMode = (v: Pick<CatalogSearch, 'configType' | 'search'>) =>
  Boolean(v.configType || v.search.trim());

/** The catalog list of one config type (a config item's type link). */
export function configTypeHref(configType: string | null): string {
  return `/catalog${catalogSearch.search({ configType })}`;
}
