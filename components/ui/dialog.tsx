'use client';

import type * as React from 'react';
import type { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import type { DialogContentProps, DialogSize } from './dialog-types';
import { onDemand, useLoadedWhen } from './load-on-open';

export type { DialogSize };

/** The Radix half (components/ui/dialog-parts.tsx), shared by Dialog and Sheet; it loads when one first opens. */
export const dialogParts = onDemand(() => import('./dialog-parts'));

/** Parts that exist only inside an open Dialog or Sheet, i.e. once dialogParts has loaded. */
export function loadedDialogParts() {
  const parts = dialogParts.current;
  if (!parts) throw new Error('Dialog and Sheet parts render inside an open <Dialog> or <Sheet>');
  return parts;
}

export interface DialogProps {
  /** The console's dialogs are controlled: a button or row action sets `open`, so no trigger is needed. */
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  modal?: boolean;
  children?: React.ReactNode;
}

/**
 * A modal dialog whose Radix code loads when it first opens (the first click opens it as soon as its chunk is in, a
 * few ms; focus moves into it, Escape closes it, focus returns to the opener): a page with a row action or a
 * toolbar button that opens one carries none of it in its first load. Once loaded it stays mounted, so closing
 * animates and the next opening is immediate.
 */
export function Dialog({ open, onOpenChange, modal, children }: DialogProps) {
  const parts = useLoadedWhen(open, dialogParts);
  if (!parts) return null;
  return (
    <parts.DialogRoot open={open} onOpenChange={onOpenChange} modal={modal}>
      {children}
    </parts.DialogRoot>
  );
}

export function DialogContent(props: DialogContentProps) {
  const { DialogContent: Content } = loadedDialogParts();
  return <Content {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  const { DialogClose: Close } = loadedDialogParts();
  return <Close data-slot="dialog-close" {...props} />;
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      className={cn('flex flex-col gap-2 pr-20 text-left', className)}
      {...props}
    />
  );
}

export function DialogBody({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-body" className={cn('min-h-0 flex-1 overflow-auto', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  const { DialogTitle: Title } = loadedDialogParts();
  return (
    <Title
      data-slot="dialog-title"
      className={cn('text-lg font-semibold leading-none', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  const { DialogDescription: Description } = loadedDialogParts();
  return (
    <Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
