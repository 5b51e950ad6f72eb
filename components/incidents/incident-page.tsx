'use client';

import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/list/query-state';
import { HypothesisTree } from '@/components/incidents/hypothesis-tree';
import { IncidentComments } from '@/components/incidents/incident-comments';
import { IncidentHeader } from '@/components/incidents/incident-header';
import { IncidentResponders } from '@/components/incidents/incident-responders';
import { IncidentTimeline } from '@/components/incidents/incident-timeline';
import { LazyIncidentPublicNotice } from '@/components/status-page';
import type { IncidentDetail } from '@/lib/incidents/endpoints';
import { splitComments } from '@/lib/incidents/investigation';
import { incidentQueries } from '@/lib/incidents/queries';

export interface IncidentPageProps {
  incidentId: string;
  canWrite: boolean;
  /** May post comments (write on comments, and a role the backend lets write incidents). */
  canComment: boolean;
  personId: string;
  /** The public-status panel (issue 38), for who may read it on a backend with status pages; null hides it. */
  publicNotice?: { canPublish: boolean } | null;
}

function IncidentBody({
  incident,
  canWrite,
  canComment,
  personId,
  publicNotice,
}: Omit<IncidentPageProps, 'incidentId'> & { incident: IncidentDetail }) {
  const comments = React.useMemo(
    () =>
      splitComments(
        incident.comments ?? [],
        (incident.hypotheses ?? []).map((h) => h.id),
      ),
    [incident.comments, incident.hypotheses],
  );
  return (
    <>
      <IncidentHeader incident={incident} canWrite={canWrite} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <HypothesisTree
            incident={incident}
            canWrite={canWrite}
            canComment={canComment}
            comments={comments.byHypothesis}
            personId={personId}
          />
          <IncidentComments
            incidentId={incident.id}
            comments={comments.incident}
            canComment={canComment}
            personId={personId}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <IncidentResponders incidentId={incident.id} canWrite={canWrite} personId={personId} />
          {publicNotice && (
            <LazyIncidentPublicNotice incidentId={incident.id} canPublish={publicNotice.canPublish} />
          )}
          <IncidentTimeline incidentId={incident.id} />
        </div>
      </div>
    </>
  );
}

/**
 * /incidents/{id}: the header with editable title, status and severity; the hypothesis tree with evidence and
 * each hypothesis's comments; the incident's comments; responders; and the timeline of everything that happened. Writes refresh the incident's queries.
 */
export function IncidentPage({ incidentId, ...rest }: IncidentPageProps) {
  const detail = useQuery(incidentQueries.detail(incidentId));
  return (
    <div className="flex min-w-0 flex-col gap-4 p-4">
      <QueryState query={detail} empty="Incident not found" errorTitle="The incident could not be loaded">
        {(incident) => <IncidentBody incident={incident} {...rest} />}
      </QueryState>
    </div>
  );
}
