'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { PanelSection, SectionSkeleton } from '@/components/topology/panel-section';
import type { ComponentDetails } from '@/components/topology/details-section';
import { StatusDot } from '@/components/topology/status-dot';

/** Section bodies (queries, schemas, the link dialog) load with the first opened section, not with the page. */
const SectionBody = dynamic(
  () => import('@/components/topology/side-panel-body').then((m) => m.SectionBody),
  {
    ssr: false,
    loading: () => <SectionSkeleton />,
  },
);

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
  /** The open sections (the URL's `sections`). */
  open: readonly string[];
  onOpenChange: (sections: readonly string[]) => void;
}

/**
 * The component page's side panel. The open sections are in the URL (`sections=`), so a shared link opens the same
 * sections; a section's body (and its query) mounts only while it is open.
 */
export function TopologySidePanel({
  componentId,
  name,
  status,
  statusReason,
  details,
  canEditConfigs,
  open,
  onOpenChange,
}: SidePanelProps) {
  const openSet = new Set(open);
  const toggle = (id: string) => onOpenChange(openSet.has(id) ? open.filter((s) => s !== id) : [...open, id]);

  return (
    <aside
      aria-label={`About ${name}`}
      className="w-full shrink-0 rounded-lg border border-border bg-card lg:sticky lg:top-20 lg:w-96"
    >
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
          <SectionBody id={id} componentId={componentId} details={details} canEditConfigs={canEditConfigs} />
        </PanelSection>
      ))}
    </aside>
  );
}
