'use client';

import type * as React from 'react';
import type { Dialog as SheetPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { Dialog, loadedDialogParts, type DialogProps } from './dialog';
import type { SheetContentProps } from './dialog-types';

/** A side panel: the kit's Dialog (its Radix code loads when it first opens) with its content at an edge. */
export const Sheet: (props: DialogProps) => React.ReactNode = Dialog;

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  const { DialogClose: Close } = loadedDialogParts();
  return <Close data-slot="sheet-close" {...props} />;
}

export function SheetContent(props: SheetContentProps) {
  const { SheetContent: Content } = loadedDialogParts();
  return <Content {...props} />;
}

export function SheetHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="sheet-header" className={cn('flex flex-col gap-1.5 p-4 pr-12', className)} {...props} />
  );
}

export function SheetFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div data-slot="sheet-footer" className={cn('mt-auto flex flex-col gap-2 p-4', className)} {...props} />
  );
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  const { DialogTitle: Title } = loadedDialogParts();
  return <Title data-slot="sheet-title" className={cn('font-semibold', className)} {...props} />;
}

export function SheetDescription({
  className,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Description>) {
  const { DialogDescription: Description } = loadedDialogParts();
  return (
    <Description
      data-slot="sheet-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
