import type { Metadata } from 'next';
import { IncidentsList } from '@/components/incidents/incidents-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { canWriteIncidents } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { incidentQueries, incidentsListParams } from '@/lib/incidents/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { incidentsSearch } from '@/lib/incidents/search';

export const metadata: Metadata = { title: 'Incidents' };

/** /incidents: the server-paged incident list, its first page in the server HTML. */
export default async function IncidentsPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  const session = await requireRouteAccess('/incidents');
  const values = incidentsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[incidentQueries.list(incidentsListParams(values, pageSize))]}>
      <IncidentsList
        serverPageSize={pageSize}
        canWrite={canWriteIncidents(session.roles, session.grants)}
        personId={session.user.id}
      />
    </PrefetchQueries>
  );
}
