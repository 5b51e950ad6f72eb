import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, refreshParam, sortParams } from '@/lib/search-params/table';
import { timeRangeParams } from '@/lib/search-params/time-range';
import { PLAYBOOK_RUN_SORTS } from '@/lib/playbooks/run-status';

/**
 * The URL contract of /playbooks/runs (upstream's names: playbook, status and the time-range keys; the table's
 * sort and page). The default window is the last 7 days (upstream's default), so it never appears in the URL;
 * Clear in the picker returns to it.
 */
export const playbookRunsSearch = defineSearchParams({
  playbook: param.optionalString().resettingPage(),
  status: param.optionalString().resettingPage(),
  ...timeRangeParams(),
  ...sortParams(PLAYBOOK_RUN_SORTS, { by: 'created_at', desc: true }),
  ...pageParams(),
  refresh: refreshParam(),
}).withDefaults({ rangeType: 'relative', display: '7 days', range: 'now-7d' });

export type PlaybookRunsSearch = ParamValues<typeof playbookRunsSearch.params>;

export { playbookRunsHref } from '@/lib/playbooks/href';
