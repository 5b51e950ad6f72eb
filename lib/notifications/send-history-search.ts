import type { SendHistoryQuery } from '@/lib/notifications/queries';
import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, sortParams } from '@/lib/search-params/table';
import { timeRangeOf, timeRangeParams } from '@/lib/search-params/time-range';

/** Send history's URL contract and the list request it resolves to (the only notification screen with a time range). */

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

/** The URL's send-history page as a query: the time range stays a range in the key and is resolved when fetched. */
export function sendHistoryQuery(v: SendHistoryValues, pageSize: number): SendHistoryQuery {
  return {
    resourceType: v.resource_type,
    status: v.status,
    search: v.search.trim(),
    range: timeRangeOf(v),
    sortBy: v.sortBy,
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}
