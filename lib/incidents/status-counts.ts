import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { INCIDENT_STATUSES, type IncidentStatus } from '@/lib/incidents/model';
import { incidentKeys, type IncidentCountFilters } from '@/lib/incidents/queries';
import type { IncidentsSearch } from '@/lib/incidents/search';
import { orOfflineFailure } from '@/lib/queries/api-config';
import { fetchEndpoint } from '@/lib/queries/fetcher';

/**
 * The incidents list's counts by status, apart from queries.ts: only the counts' part (loaded after the load event)
 * imports this, so the list's first load carries none of it.
 */

const incidents = () => import('@/lib/incidents/endpoints');

/** The URL → filters of the status counts: the list's filters but its status (each count has its own). */
export function incidentCountFilters(v: IncidentsSearch): IncidentCountFilters {
  return { query: v.query, severity: v.severity, type: v.type, owner: v.owner, component: v.component };
}

/** The list's counts by status (incident_summary): one exact count per status, in parallel. */
export const statusCountsQuery = (p: IncidentCountFilters) =>
  queryOptions({
    queryKey: incidentKeys.statusCounts(p),
    queryFn: async ({ client, signal }): Promise<Record<IncidentStatus, number>> => {
      const e = await orOfflineFailure(incidents);
      const totals = await Promise.all(
        INCIDENT_STATUSES.map(
          async (s) => (await fetchEndpoint(client, e.incidentStatusCountEndpoint(p, s), signal)).total ?? 0,
        ),
      );
      return Object.fromEntries(INCIDENT_STATUSES.map((s, i) => [s, totals[i] ?? 0])) as Record<
        IncidentStatus,
        number
      >;
    },
    placeholderData: keepPreviousData,
  });
