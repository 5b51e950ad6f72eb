'use client';

import * as React from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { TOAST_DURATION_MS } from '@/lib/constants';

/** The app-wide toaster: bottom-right, 5 s, rich colours, close button. */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'border-border' } }}
      {...props}
    />
  );
}
