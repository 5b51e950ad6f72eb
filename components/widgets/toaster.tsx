'use client';

import * as React from 'react';
import type { Toaster as SonnerToasterComponent, ToasterProps } from 'sonner';
import { usePreferences } from '@/components/shell/preferences-provider';
import { loadSonner, registerToasterHost, toasterDidMount } from '@/components/widgets/toast';
import { TOAST_DURATION_MS } from '@/lib/constants';

type SonnerToaster = typeof SonnerToasterComponent;

/**
 * The app-wide toaster: bottom-right, 5 s, rich colours, close button, in the console's theme (light, dark or the
 * system's). sonner is loaded and its Toaster mounted on the first toast (see components/widgets/toast.ts), so pages that
 * never toast do not download it. Its colours meet WCAG AA with the shell's overrides (app/globals.css).
 */
export function Toaster(props: ToasterProps) {
  const [Sonner, setSonner] = React.useState<SonnerToaster | null>(null);
  const { theme } = usePreferences().preferences;

  React.useEffect(
    () =>
      registerToasterHost(() => {
        loadSonner().then(
          (module) => setSonner(() => module.Toaster),
          () => undefined,
        );
      }),
    [],
  );

  // Runs after sonner's Toaster (a child) has subscribed to the toast state.
  React.useEffect(() => {
    if (Sonner) toasterDidMount();
  }, [Sonner]);

  if (!Sonner) return null;
  return (
    <Sonner
      position="bottom-right"
      // sonner's own default is light whatever the page: a light toast on the dark console.
      theme={theme}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: 'border-border' } }}
      {...props}
    />
  );
}
