import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { columnParams, sortParams } from '@/lib/search-params/table';

/**
 * The URL contracts of the generic resource pages (/settings/{table}, /catalog/scrapers and their detail pages):
 * the list's sort and the open Add editor (with its spec type), the detail page's tab.
 */

export const RESOURCE_SORT_COLUMNS = [
  'name',
  'namespace',
  'schedule',
  'source',
  'job_status',
  'last_runtime',
  'created_at',
  'updated_at',
] as const;

export const resourceListSearch = defineSearchParams({
  ...sortParams(RESOURCE_SORT_COLUMNS, { by: 'created_at', desc: true }),
  ...columnParams(),
  /** The Add editor is open (Back closes it). */
  add: param.boolean(false),
  /** The spec type chosen in the Add editor. */
  type: param.optionalString(),
});
export type ResourceListSearch = ParamValues<typeof resourceListSearch.params>;

export const RESOURCE_TABS = ['spec', 'members', 'permissions', 'jobs'] as const;
export const resourceDetailSearch = defineSearchParams({
  tab: param.oneOf(RESOURCE_TABS, 'spec'),
});
