'use client';

import * as React from 'react';
import { useAccess } from '@/components/shell/session-provider';
import { Button, type ButtonProps } from '@/components/ui/button';
import type { PlaybookTarget } from '@/lib/playbooks/endpoints';
import { LazyRunPlaybookDialog } from '@/components/playbooks/lazy';

/**
 * 'Run Playbook' for a resource's page (check panel, component page) or a playbook's own page (`playbookId`, the
 * label 'Run'): shown to who may write playbook_runs (spec 001 §6); the run dialog, with the playbooks runnable for
 * the resource or the one playbook, loads on click.
 */
export function RunPlaybookButton({
  target,
  playbookId,
  children = 'Run Playbook',
  ...props
}: ({ target: PlaybookTarget; playbookId?: undefined } | { target?: undefined; playbookId: string }) &
  Omit<ButtonProps, 'onClick'>) {
  const { can } = useAccess();
  const [open, setOpen] = React.useState(false);
  if (!can('playbook_runs', 'write')) return null;
  return (
    <>
      <Button variant="outline" {...props} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && <LazyRunPlaybookDialog open onOpenChange={setOpen} target={target} playbookId={playbookId} />}
    </>
  );
}
