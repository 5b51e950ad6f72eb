import type { Metadata } from 'next';
import { IncidentPage } from '@/components/incidents/incident-page';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { EmptyState } from '@/components/shell/empty-state';
import { canPostComments, canWriteIncidents } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { isUuid } from '@/lib/incidents/model';
import { incidentQueries } from '@/lib/incidents/queries';
import { loadServerQuery } from '@/lib/queries/server';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  if (!isUuid(id)) return { title: 'Incident not found' };
  const incident = (await loadServerQuery(incidentQueries.detail(id))).data;
  return { title: incident?.[0]?.title ?? 'Incidents' };
}

/** /incidents/{id}: the incident, its responders and timeline in the server HTML; an id that is no UUID is not found. */
export default async function IncidentDetailPage({ params }: Props) {
  const session = await requireRouteAccess('/incidents/[id]');
  const { id } = await params;
  if (!isUuid(id)) return <EmptyState title="Incident not found" />;
  return (
    <PrefetchQueries
      queries={[incidentQueries.detail(id), incidentQueries.responders(id), incidentQueries.history(id)]}
    >
      <IncidentPage
        incidentId={id}
        canWrite={canWriteIncidents(session.roles, session.grants)}
        canComment={canPostComments(session.roles, session.grants)}
        personId={session.user.id}
      />
    </PrefetchQueries>
  );
}
