'use client';

import * as React from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { CircleHelpIcon, Maximize2Icon, Minimize2Icon, XIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useReturnFocus } from './load-on-open';
import type { DialogContentProps, SheetContentProps } from './dialog-types';

/**
 * The Radix half of the kit's Dialog and Sheet (focus trap, dismissable layer, scroll lock, portal: ~11 kB gzipped),
 * loaded by components/ui/dialog.tsx and sheet.tsx when one of them first opens, never in a page's first load.
 */
export const DialogRoot = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

/**
 * The backdrop, animated for exactly as long as its box (`duration`, the box's own): Radix portals the two
 * separately, so a backdrop that finished closing before its box and was opened again while the box was still
 * closing went into a new portal after the box, above it, and took every click (the palette reopened at once).
 */
const overlayClass = (duration: string) =>
  cn(
    'fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-out data-[state=closed]:fade-out-0 data-[state=open]:animate-in data-[state=open]:fade-in-0',
    duration,
  );

const iconButton =
  'rounded-sm p-1 text-muted-foreground opacity-80 transition-opacity hover:opacity-100 hover:bg-accent hover:text-accent-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4';

/** The content element of the dialog a component renders in: a dialog opened from inside it portals into it, so the
 * outer dialog's focus trap does not keep focus (and every keystroke) out of the inner one. */
const EnclosingDialog = React.createContext<HTMLElement | null>(null);

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
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const [innerSize, setInnerSize] = React.useState(defaultSize);
  const enclosing = React.useContext(EnclosingDialog);
  const [element, setElement] = React.useState<HTMLDivElement | null>(null);
  const focus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  const size = sizeProp ?? innerSize;
  const toggleSize = () => {
    const next = size === 'full' ? 'default' : 'full';
    if (sizeProp === undefined) setInnerSize(next);
    onSizeChange?.(next);
  };
  return (
    <DialogPrimitive.Portal data-slot="dialog-portal" container={container ?? enclosing ?? undefined}>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={overlayClass('duration-200')} />
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
        {...focus}
        ref={setElement}
      >
        <EnclosingDialog.Provider value={element}>{children}</EnclosingDialog.Provider>
        <div className="absolute right-4 top-4 flex items-center gap-1">
          {helpLink ? (
            <a
              href={helpLink}
              target="_blank"
              rel="noopener noreferrer"
              className={iconButton}
              aria-label="Help"
            >
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
    </DialogPrimitive.Portal>
  );
}

const sideClasses = {
  right:
    'inset-y-0 right-0 h-full w-3/4 border-l sm:max-w-md data-[state=closed]:slide-out-to-right data-[state=open]:slide-in-from-right',
  left: 'inset-y-0 left-0 h-full w-3/4 border-r sm:max-w-md data-[state=closed]:slide-out-to-left data-[state=open]:slide-in-from-left',
  top: 'inset-x-0 top-0 h-auto border-b data-[state=closed]:slide-out-to-top data-[state=open]:slide-in-from-top',
  bottom:
    'inset-x-0 bottom-0 h-auto border-t data-[state=closed]:slide-out-to-bottom data-[state=open]:slide-in-from-bottom',
} as const;

export function SheetContent({
  className,
  children,
  side = 'right',
  showCloseButton = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="sheet-overlay" className={overlayClass('duration-300')} />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        className={cn(
          'fixed z-50 flex flex-col gap-4 border-border bg-background text-foreground shadow-lg outline-none transition ease-in-out data-[state=closed]:animate-out data-[state=closed]:duration-300 data-[state=open]:animate-in data-[state=open]:duration-300',
          sideClasses[side],
          className,
        )}
        {...props}
        {...focus}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            className="absolute right-4 top-4 rounded-sm p-1 text-muted-foreground opacity-80 hover:bg-accent hover:opacity-100 outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
            aria-label="Close"
          >
            <XIcon />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
