import type * as React from 'react';
import type { Dialog as DialogPrimitive } from 'radix-ui';

/**
 * The props of the kit's Dialog and Sheet contents, apart from both halves: dialog.tsx and sheet.tsx load
 * dialog-parts.tsx on first open, and dialog-parts.tsx takes these props, so neither half imports the other.
 */

export type DialogSize = 'default' | 'full';

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
  /** Where the dialog is portaled: by default inside the dialog it is opened from (so the outer focus trap does not
   * keep focus out of it), else document.body. */
  container?: HTMLElement | null;
};

type SheetSide = 'top' | 'right' | 'bottom' | 'left';

export type SheetContentProps = React.ComponentProps<typeof DialogPrimitive.Content> & {
  side?: SheetSide;
  showCloseButton?: boolean;
};
