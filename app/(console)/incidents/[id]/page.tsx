import type { Metadata } from 'next';
import { IncidentPage } from '@/components/incidents/incident-page';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { EmptyState } from '@/components/shell/empty-state';
import { canPostComments, canPublishIncidents, canWriteIncidents } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { getBackend } from '@/lib/backend/client';
import { hasStatusPageCapability } from '@/lib/status-page/capability';
import { isUuid } from '@/lib/uuid';
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
  // Who may read an incident's public status (admin, commander, responder), on a backend with status pages.
  const canWrite = canWriteIncidents(session.roles, session.grants);
  const key = session.mode === 'clerk' ? `clerk:${session.user.id}` : 'deployment';
  const publicNotice =
    canWrite && (await hasStatusPageCapability(await getBackend(), key).catch(() => false))
      ? { canPublish: canPublishIncidents(session.roles, session.grants) }
      : null;
  return (
    <PrefetchQueries
      queries={[incidentQueries.detail(id), incidentQueries.responders(id), incidentQueries.history(id)]}
    >
      <IncidentPage
        incidentId={id}
        canWrite={canWrite}
        publicNotice={publicNotice}
        canComment={canPostComments(session.roles, session.grants)}
        personId={session.user.id}
      />
    </PrefetchQueries>
  );
}
