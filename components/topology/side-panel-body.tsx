'use client';

import { ConfigsSection } from '@/components/topology/configs-section';
import { DetailsSection, type ComponentDetails } from '@/components/topology/details-section';
import {
  ChangesSection,
  ChecksSection,
  IncidentsSection,
  InsightsSection,
  PlaybookRunsSection,
  TeamsSection,
} from '@/components/topology/side-panel-sections';

export type SectionId =
  'details' | 'configs' | 'incidents' | 'changes' | 'checks' | 'playbook-runs' | 'teams' | 'insights';

/** The body of one open side-panel section; loaded on demand by the panel. */
export function SectionBody({
  id,
  componentId,
  details,
  canEditConfigs,
}: {
  id: SectionId;
  componentId: string;
  details: ComponentDetails;
  canEditConfigs: boolean;
}) {
  switch (id) {
    case 'details':
      return <DetailsSection details={details} />;
    case 'configs':
      return <ConfigsSection componentId={componentId} canEdit={canEditConfigs} />;
    case 'incidents':
      return <IncidentsSection componentId={componentId} />;
    case 'changes':
      return <ChangesSection componentId={componentId} />;
    case 'checks':
      return <ChecksSection componentId={componentId} />;
    case 'playbook-runs':
      return <PlaybookRunsSection componentId={componentId} />;
    case 'teams':
      return <TeamsSection componentId={componentId} />;
    case 'insights':
      return <InsightsSection componentId={componentId} />;
  }
}
