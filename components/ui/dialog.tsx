'use client';

import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CircleHelpIcon, Maximize2Icon, Minimize2Icon, XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export type DialogSize = 'default' | 'full';

export function Dialog(props: React.ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="dialog" {...props} />;
}

export function DialogTrigger(props: React.ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export function DialogPortal(props: React.ComponentProps<typeof DialogPrimitive.Portal>) {
  return <DialogPrimitive.Portal data-slot="dialog-portal" {...props} />;
}

export function DialogClose(props: React.ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export function DialogOverlay({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0',
        className,
      )}
      {...props}
    />
  );
}

const iconButton =
  'rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 hover:bg-accent hover:text-accent-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4';

export type DialogContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  /** Show the close (X) button. Default true. */
  showCloseButton?: boolean;
  /** Controlled size. Spec: "Modal: size toggles between default and full". */
  size?: DialogSize;
  /** Initial size when uncontrolled. */
  defaultSize?: DialogSize;
  onSizeChange?: (size: DialogSize) => void;
  /** Show the size toggle button. Default false. */
  showSizeToggle?: boolean;
  /** Optional help link shown as a "?" icon in the corner (e.g. https://docs.flanksource.com/{path}). */
  helpLink?: string;
  /** Where the dialog is portaled (default document.body): a dialog opened from inside another one goes inside it,
   * so the outer dialog's focus trap does not pull focus back out of it. */
  container?: HTMLElement | null;
};

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  size: sizeProp,
  defaultSize = 'default',
  onSizeChange,
  showSizeToggle = false,
  helpLink,
  container,
  ...props
}: DialogContentProps) {
  const [innerSize, setInnerSize] = React.useState<DialogSize>(defaultSize);
  const size = sizeProp ?? innerSize;
  const toggleSize = () => {
    const next: DialogSize = size === 'full' ? 'default' : 'full';
    if (sizeProp === undefined) setInnerSize(next);
    onSizeChange?.(next);
  };
  return (
    <DialogPortal container={container ?? undefined}>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-size={size}
        className={cn(
          'fixed left-1/2 top-1/2 z-50 flex -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-lg border border-border bg-background p-6 text-foreground shadow-lg outline-none duration-200 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=closed]:zoom-out-95 data-[state=open]:animate-in data-[state=open]:fade-in-0 data-[state=open]:zoom-in-95',
          size === 'full'
            ? 'h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-none'
            : 'max-h-[calc(100vh-2rem)] w-full max-w-[calc(100%-2rem)] sm:max-w-2xl',
          className,
        )}
        {...props}
      >
        {children}
        <div className="absolute right-4 top-4 flex items-center gap-1">
          {helpLink ? (
            <a href={helpLink} target="_blank" rel="noopener noreferrer" className={iconButton} aria-label="Help">
              <CircleHelpIcon />
            </a>
          ) : null}
          {showSizeToggle ? (
            <button
              type="button"
              className={iconButton}
              onClick={toggleSize}
              aria-label={size === 'full' ? 'Restore default size' : 'Expand to full size'}
              aria-pressed={size === 'full'}
            >
              {size === 'full' ? <Minimize2Icon /> : <Maximize2Icon />}
            </button>
          ) : null}
          {showCloseButton ? (
            <DialogPrimitive.Close data-slot="dialog-close" className={iconButton} aria-label="Close">
              <XIcon />
            </DialogPrimitive.Close>
          ) : null}
        </div>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="dialog-header" className={cn('flex flex-col gap-2 pr-20 text-left', className)} {...props} />;
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
  return (
    <DialogPrimitive.Title data-slot="dialog-title" className={cn('text-lg font-semibold leading-none', className)} {...props} />
  );
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
