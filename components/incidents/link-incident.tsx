'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { useAccess, useSession } from '@/components/shell/session-provider';
import { Button, type ButtonProps } from '@/components/ui/button';
import { canWriteIncidents } from '@/lib/auth/capabilities';
import type { EvidenceTarget } from '@/lib/incidents/link-flow';

/** The dialog, its form kit and zod load when it opens, not with the screen that offers it. */
export const LazyLinkIncidentDialog = dynamic(
  () => import('@/components/incidents/link-incident-dialog').then((m) => m.LinkIncidentDialog),
  { ssr: false },
);

/**
 * Whether Link to Incident is offered (001 §6): the incidents feature is on and the person may write incidents
 * (and the backend would let them). Returns the person's id for the dialog, or null.
 */
export function useIncidentLinker(): string | null {
  const session = useSession();
  const { featureEnabled } = useAccess();
  if (!session || session.mode === 'none' || !featureEnabled('incidents')) return null;
  return canWriteIncidents(session.roles, session.grants) ? session.user.id : null;
}

/**
 * The 'Attach as Evidence' button (spec 001 §6) that opens the Link to Incident dialog for one resource; nothing when
 * the person may not link. The topology card's menu keeps the earlier console's 'Link to Incident' entry.
 */
export function LinkIncidentButton({
  target,
  name,
  ...props
}: { target: EvidenceTarget; name: string } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const personId = useIncidentLinker();
  const [open, setOpen] = React.useState(false);
  if (!personId) return null;
  return (
    <>
      <Button variant="outline" size="sm" {...props} onClick={() => setOpen(true)}>
        Attach as Evidence
      </Button>
      {open && (
        <LazyLinkIncidentDialog
          target={target}
          name={name}
          personId={personId}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
