'use client';

import type * as React from 'react';
import { onDemand, useLoadedWhen } from '@/components/ui/load-on-open';
import type { ConfirmDialogProps } from '@/components/widgets/confirm-dialog-content';

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
