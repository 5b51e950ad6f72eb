import { defineSearchParams, param, type ParamValues } from '@/lib/search-params/define';
import { pageParams, refreshParam, sortParams } from '@/lib/search-params/table';
import { INCIDENT_STATUSES, INCIDENT_TYPES } from '@/lib/incidents/model';
import { INCIDENT_SEVERITIES } from '@/lib/format/severity';

/**
 * The URL contract of /incidents (upstream §2.4): search by title, status (default open; `all` for every status),
 * severity, type, owner (the creator) and component (`?component=&type=` from a topology card), sort and page.
 */

export const INCIDENT_SORT_COLUMNS = [
  'incident_id',
  'title',
  'severity',
  'status',
  'type',
  'created_at',
] as const;
export const ALL_STATUSES = 'all';

export const incidentsSearch = defineSearchParams({
  query: param.string().resettingPage(),
  status: param.oneOf([...INCIDENT_STATUSES, ALL_STATUSES], 'open').resettingPage(),
  severity: param.optionalOneOf(INCIDENT_SEVERITIES).resettingPage(),
  type: param.optionalOneOf(INCIDENT_TYPES).resettingPage(),
  owner: param.optionalString().resettingPage(),
  component: param.optionalString().resettingPage(),
  ...sortParams(INCIDENT_SORT_COLUMNS, { by: 'created_at', desc: true }),
  ...pageParams(),
  refresh: refreshParam(),
});
export type IncidentsSearch = ParamValues<typeof incidentsSearch.params>;
