import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range';

/** The URL contracts of the notification screens (upstream-ui §2.6 parameter names: resource_type, status, search, id). */

export const SEND_RESOURCE_TYPES = ['config', 'component', 'check', 'canary'] as const;
export const SEND_STATUSES = [
  'sent',
  'error',
  'pending',
  'silenced',
  'repeat-interval',
  'inhibited',
  'skipped',
  'evaluating-waitfor',
  'pending_playbook_run',
  'pending_playbook_completion',
  'attempting_fallback',
] as const;
export const SEND_SORTS = ['created_at', 'status', 'source_event', 'resource_type'] as const;

export const sendHistorySearch = defineSearchParams({
  resource_type: param.optionalOneOf(SEND_RESOURCE_TYPES).resettingPage(),
  status: param.optionalOneOf(SEND_STATUSES).resettingPage(),
  search: param.string().resettingPage(),
  ...timeRangeParams(),
  ...sortParams(SEND_SORTS),
  ...pageParams(),
  /** The open send's details. */
  id: param.optionalString(),
});
export type SendHistoryValues = ParamValues<typeof sendHistorySearch.params>;

export const RULE_SORTS = ['name', 'created_at', 'updated_at', 'repeat_interval', 'wait_for'] as const;

export const rulesSearch = defineSearchParams({
  ...sortParams(RULE_SORTS),
  ...pageParams(),
  /** The rule open in the edit dialog; `new` opens the add dialog. */
  id: param.optionalString(),
});
export type RulesValues = ParamValues<typeof rulesSearch.params>;

export const silencesSearch = defineSearchParams({
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
