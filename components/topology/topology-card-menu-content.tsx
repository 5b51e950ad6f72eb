'use client';

import * as React from 'react';
import Link from 'next/link';
import { BellOff, BookOpenCheck, Camera, EllipsisVertical, Logs, Siren, ZoomIn } from 'lucide-react';
import { LazyLinkIncidentDialog, useIncidentLinker } from '@/components/incidents';
import { useAccess } from '@/components/shell/session-provider';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { toastError, toastSuccess } from '@/components/widgets/toast';
import { backendErrorFromResponse } from '@/lib/backend/errors';
import { silenceAddHref } from '@/lib/notifications';
import { snapshotPath } from '@/lib/topology/paths';
import { componentHref } from '@/lib/topology/href';
import { apiFetch } from '@/lib/queries/api-fetch';
import { LazyRunPlaybookDialog } from '@/components/playbooks';
import { componentLogsHref } from '@/lib/logs';

/** Saves a response body under the name the backend suggests, or `<name>-snapshot.zip`. */
async function saveResponse(response: Response, fallbackName: string) {
  const disposition = response.headers.get('content-disposition') ?? '';
  const suggested = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = suggested ? decodeURIComponent(suggested) : fallbackName;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * The card menu: View Logs (logs are admin-only at the backend), Zoom In, Silence notifications, Snapshot, Link to Incident
 * (for those who may write incidents) and Run Playbook (write on playbook_runs; the run dialog loads on click).
 * Loaded by TopologyCardMenu on first use.
 */
export function TopologyCardMenuContent({
  componentId,
  name,
  defaultOpen,
}: {
  componentId: string;
  name: string;
  defaultOpen?: boolean;
}) {
  const [downloading, setDownloading] = React.useState(false);
  const linker = useIncidentLinker();
  const [linking, setLinking] = React.useState(false);
  const [running, setRunning] = React.useState(false);
  const { can, canOpen } = useAccess();
  const canSilence = canOpen('/notifications/silences/add');

  const downloadSnapshot = async () => {
    setDownloading(true);
    try {
      const response = await apiFetch(snapshotPath(componentId));
      if (!response.ok) throw await backendErrorFromResponse(response);
      await saveResponse(response, `${name.replace(/[^\w.-]+/g, '_')}-snapshot.zip`);
      toastSuccess('Snapshot downloaded');
    } catch (error) {
      toastError(error instanceof Error ? error.message : 'An error occurred');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`} className="-mr-1 -mt-1 size-8">
          <EllipsisVertical aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {canOpen('/logs') && (
          <DropdownMenuItem asChild>
            <Link href={componentLogsHref(componentId)}>
              <Logs aria-hidden /> View Logs
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem asChild>
          <Link href={componentHref(componentId)}>
            <ZoomIn aria-hidden /> Zoom In
          </Link>
        </DropdownMenuItem>
        {canSilence && (
          <DropdownMenuItem asChild>
            <Link href={silenceAddHref({ component_id: componentId })}>
              <BellOff aria-hidden /> Silence notifications
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuItem disabled={downloading} onSelect={() => void downloadSnapshot()}>
          <Camera aria-hidden /> {downloading ? 'Preparing snapshot…' : 'Snapshot'}
        </DropdownMenuItem>
        {linker && (
          <DropdownMenuItem onSelect={() => setLinking(true)}>
            <Siren aria-hidden /> Link to Incident
          </DropdownMenuItem>
        )}
        {can('playbook_runs', 'write') && (
          <DropdownMenuItem onSelect={() => setRunning(true)}>
            <BookOpenCheck aria-hidden /> Run Playbook
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
      {linker && linking && (
        <LazyLinkIncidentDialog
          target={{ type: 'topology', component_id: componentId }}
          name={name}
          personId={linker}
          onClose={() => setLinking(false)}
        />
      )}
      {running && (
        <LazyRunPlaybookDialog open onOpenChange={setRunning} target={{ component_id: componentId }} />
      )}
    </DropdownMenu>
  );
}
