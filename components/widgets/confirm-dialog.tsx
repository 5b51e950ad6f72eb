'use client';

import type * as React from 'react';
import { onDemand, useLoadedWhen } from '@/components/ui/load-on-open';

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

const content = onDemand(() => import('@/components/widgets/confirm-dialog-content'));

/**
 * The one confirmation dialog (delete and other irreversible actions): an alert dialog with the spec's texts, a
 * destructive confirm button and a pending state, so a double click cannot fire the action twice. Its Radix alert
 * dialog loads when it first opens, so a list whose rows can delete carries none of it in its first load.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const loaded = useLoadedWhen(props.open, content);
  return loaded ? <loaded.ConfirmDialogContent {...props} /> : null;
}
