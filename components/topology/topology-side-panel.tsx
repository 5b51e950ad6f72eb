'use client';

import * as React from 'react';
import { parseAsArrayOf, parseAsString, useQueryState } from 'nuqs';
import { PanelSection } from '@/components/topology/panel-section';
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
import { StatusDot } from '@/components/topology/status-dot';
import { TOPOLOGY_SECTIONS_PARAM } from '@/lib/search-params/topology';

export const SIDE_PANEL_SECTIONS = [
  ['details', 'Details'],
  ['configs', 'Configs'],
  ['incidents', 'Incidents'],
  ['changes', 'Config Changes'],
  ['checks', 'Checks'],
  ['playbook-runs', 'Playbook Runs'],
  ['teams', 'Teams'],
  ['insights', 'Insights'],
] as const;

export interface SidePanelProps {
  componentId: string;
  name: string;
  status?: string | null;
  statusReason?: string | null;
  details: ComponentDetails;
  canEditConfigs: boolean;
}

/**
 * The component page's side panel. The open sections are in the URL (`sections=`), written without a server
 * round trip, so a shared link opens the same sections.
 */
export function TopologySidePanel({ componentId, name, status, statusReason, details, canEditConfigs }: SidePanelProps) {
  const [open, setOpen] = useQueryState(
    TOPOLOGY_SECTIONS_PARAM,
    parseAsArrayOf(parseAsString).withDefault([]).withOptions({ history: 'replace', shallow: true }),
  );
  const openSet = new Set(open);
  const toggle = (id: string) => {
    const next = openSet.has(id) ? open.filter((s) => s !== id) : [...open, id];
    void setOpen(next.length > 0 ? next : null);
  };

  const body = (id: (typeof SIDE_PANEL_SECTIONS)[number][0]) => {
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
  };

  return (
    <aside aria-label={`About ${name}`} className="w-full shrink-0 rounded-lg border border-border bg-card lg:sticky lg:top-20 lg:w-96">
      <div className="border-b border-border p-3">
        <h2 className="truncate text-base font-semibold">{name}</h2>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <StatusDot status={status} />
          <span className="font-medium text-foreground">{status || 'unknown'}</span>
          {statusReason && <span className="truncate">· {statusReason}</span>}
        </p>
      </div>
      {SIDE_PANEL_SECTIONS.map(([id, title]) => (
        <PanelSection key={id} id={id} title={title} open={openSet.has(id)} onToggle={toggle}>
          {body(id)}
        </PanelSection>
      ))}
    </aside>
  );
}
