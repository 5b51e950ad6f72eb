import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { timeRangeParams } from '@/lib/search-params/time-range';

/** /logs (upstream-ui §2.7 names: topologyId, logsSelector, query) plus the time-range picker's keys. */
export const logsSearch = defineSearchParams({
  topologyId: param.optionalString(),
  logsSelector: param.optionalString(),
  query: param.string(),
  ...timeRangeParams(),
});
export type LogsValues = ParamValues<typeof logsSearch.params>;
