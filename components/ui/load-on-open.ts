'use client';

import * as React from 'react';

/** A module loaded once, on first need; `current` is set from then on, so later renders use it without waiting. */
export interface OnDemandModule<T> {
  load: () => Promise<T>;
  readonly current: T | null;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemandModule<T> {
  let pending: Promise<T> | null = null;
  let current: T | null = null;
  return {
    load: () =>
      (pending ??= importer().then(
        (loaded) => (current = loaded),
        (error: unknown) => {
          pending = null; // a failed chunk load is retried on the next opening
          throw error;
        },
      )),
    get current() {
      return current;
    },
  };
}

/**
 * The module once `when` has been true (a dialog's `open`): null until then, so a closed dialog ships none of its
 * code in the page's first load; loaded already (another dialog opened before), it is there on the first render.
 */
export function useLoadedWhen<T>(when: boolean, module: OnDemandModule<T>): T | null {
  const [loaded, setLoaded] = React.useState<T | null>(() => module.current);
  React.useEffect(() => {
    if (!when || loaded) return;
    let live = true;
    module.load().then(
      (m) => {
        if (live) setLoaded(() => m);
      },
      (error: unknown) => console.error('Loading the dialog failed', error),
    );
    return () => {
      live = false;
    };
  }, [when, loaded, module]);
  return loaded ?? module.current;
}

/**
 * Focus goes back where it was when the dialog opened (the row action or button that opened it), as Radix does only
 * for its own Trigger, which the console's controlled dialogs do not use; if that element is gone, Radix decides.
 */
export function useReturnFocus(
  onOpenAutoFocus: ((event: Event) => void) | undefined,
  onCloseAutoFocus: ((event: Event) => void) | undefined,
) {
  const opener = React.useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
