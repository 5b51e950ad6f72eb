import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';

/**
 * The URL contracts of the notification screens (upstream-ui §2.6 parameter names: resource_type, status, search, id).
 * Send history's, with its time range, is in send-history-search.ts: the rules and silences pages do not load the
 * time-range code (first-load budget).
 */

export const RULE_SORTS = ['name', 'created_at', 'updated_at', 'repeat_interval', 'wait_for'] as const;

export const rulesSearch = defineSearchParams({
  ...sortParams(RULE_SORTS),
  ...pageParams(),
  /** The rule open in the edit dialog; `new` opens the add dialog. */
  id: param.optionalString(),
});
export type RulesValues = ParamValues<typeof rulesSearch.params>;

/** The silences' columns the backend sorts by; none: newest first. */
export const SILENCE_SORTS = ['name', 'from', 'until', 'description'] as const;

export const silencesSearch = defineSearchParams({
  ...sortParams(SILENCE_SORTS),
  ...pageParams(),
});
export type SilencesValues = ParamValues<typeof silencesSearch.params>;

/** /notifications/silences/add: the resource it starts from (the health panel, topology and catalog link here). */
export const silenceAddSearch = defineSearchParams({
  check_id: param.optionalString(),
  component_id: param.optionalString(),
  config_id: param.optionalString(),
});
export type SilenceAddValues = ParamValues<typeof silenceAddSearch.params>;

/** The add page's address for a resource. */
export function silenceAddHref(prefill: Partial<SilenceAddValues>): string {
  return `/notifications/silences/add${silenceAddSearch.search(prefill)}`;
}
