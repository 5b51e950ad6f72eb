'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/widgets/confirm-dialog';
import { toastSuccess } from '@/components/widgets/toast';
import { useRunDecision } from '@/lib/playbooks/mutations';

const DECISIONS = {
  approve: {
    label: 'Approve',
    title: 'Approve playbook run',
    description:
      'Are you sure you want to approve this playbook run? It starts once the approvals it needs are in.',
    pending: 'Approving...',
    done: 'Playbook run approved',
  },
  cancel: {
    label: 'Cancel run',
    title: 'Cancel playbook run',
    description: 'Are you sure you want to cancel this playbook run? Its running and pending actions stop.',
    pending: 'Cancelling...',
    done: 'Playbook run cancelled',
  },
} as const;

/** Approve and Cancel on the run page, each with a confirmation and a toast (loaded only for who may decide). */
export function RunDecisions({
  runId,
  canApprove,
  canCancel,
}: {
  runId: string;
  canApprove: boolean;
  canCancel: boolean;
}) {
  const [open, setOpen] = React.useState<'approve' | 'cancel' | null>(null);
  const decide = useRunDecision(runId);
  const current = open ? DECISIONS[open] : null;
  return (
    <>
      {canApprove && <Button onClick={() => setOpen('approve')}>{DECISIONS.approve.label}</Button>}
      {canCancel && (
        <Button variant="outline" onClick={() => setOpen('cancel')}>
          {DECISIONS.cancel.label}
        </Button>
      )}
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={current?.title}
        description={current?.description}
        confirmLabel={current?.label}
        pendingLabel={current?.pending}
        destructive={open === 'cancel'}
        cancelLabel="Close"
        onConfirm={async () => {
          if (!open) return;
          const decision = open;
          const answer = await decide.mutateAsync(decision);
          toastSuccess(
            answer?.message
              ? `${answer.message.charAt(0).toUpperCase()}${answer.message.slice(1)}`
              : DECISIONS[decision].done,
          );
        }}
      />
    </>
  );
}
