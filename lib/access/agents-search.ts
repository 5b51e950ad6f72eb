import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, refreshParam, sortParams } from '@/lib/search-params/table';
import type { AgentsListParams } from '@/lib/access/agents-endpoints';

/** The URL contract of /settings/agents: sort, page, refresh and `id`, the open agent. */

export const AGENT_SORTS = [
  'name',
  'config_count',
  'checks_count',
  'config_scrapper_count',
  'playbook_runs_count',
  'last_seen',
  'last_received',
  'created_at',
  'updated_at',
] as const;

export const agentsSearch = defineSearchParams({
  ...sortParams(AGENT_SORTS, { by: 'created_at', desc: true }),
  ...pageParams(),
  refresh: refreshParam(),
  id: param.optionalString(),
});
export type AgentsSearch = ParamValues<typeof agentsSearch.params>;

export function agentsListParams(v: AgentsSearch, pageSize: number): AgentsListParams {
  return { sortBy: v.sortBy, sortDesc: v.sortDesc, pageIndex: v.pageIndex, pageSize };
}
