'use client';

import * as React from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { CONFIRM_DELETE_RESOURCE } from '@/lib/forms/messages';

// Here rather than in confirm-dialog.tsx, which loads this file on demand: a type import back would be a cycle.
export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs on confirm; while its promise is pending both buttons are disabled. It closes on success and stays open
   * when it throws (the caller shows the error, e.g. with toastFromError). */
  onConfirm: () => unknown;
  title?: React.ReactNode;
  /** Default: 'Are you sure you want to delete this resource?' (spec 001 §8). */
  description?: React.ReactNode;
  confirmLabel?: React.ReactNode;
  /** Shown on the confirm button while onConfirm runs; default the confirm label. */
  pendingLabel?: React.ReactNode;
  cancelLabel?: React.ReactNode;
  /** Red confirm button for deleting (default true). */
  destructive?: boolean;
}

/** ConfirmDialog's alert dialog (Radix), loaded when a confirmation first opens. */
export function ConfirmDialogContent({
  open,
  onOpenChange,
  onConfirm,
  title = 'Delete',
  description = CONFIRM_DELETE_RESOURCE,
  confirmLabel = 'Delete',
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive = true,
}: ConfirmDialogProps) {
  const [pending, setPending] = React.useState(false);
  const confirm = async () => {
    if (pending) return;
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reported the failure; the dialog stays open so the person can retry or cancel.
    } finally {
      setPending(false);
    }
  };
  return (
    <AlertDialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{cancelLabel}</AlertDialogCancel>
          {/* A plain button, not AlertDialogAction: Action closes at once, before the action has finished. */}
          <Button
            type="button"
            variant={destructive ? 'destructive' : 'default'}
            disabled={pending}
            aria-busy={pending || undefined}
            onClick={confirm}
          >
            {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden /> : null}
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
