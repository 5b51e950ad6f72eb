'use client';

import * as React from 'react';

/** Without pointer or keyboard activity for this long, a wall display hides its controls. */
export const IDLE_MS = 4000;

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'focusin'] as const;

/**
 * While mounted, marks the page idle (`data-wall-idle` on <html>) after IDLE_MS without the pointer moving or a
 * key, and not idle again at once on either; app/globals.css hides the wall display's controls while idle, except
 * one holding the keyboard's focus.
 */
export function useWallIdle(idleMs = IDLE_MS): void {
  React.useEffect(() => {
    const root = document.documentElement;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const active = () => {
      delete root.dataset.wallIdle;
      clearTimeout(timer);
      timer = setTimeout(() => (root.dataset.wallIdle = ''), idleMs);
    };
    active();
    for (const type of ACTIVITY) window.addEventListener(type, active, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const type of ACTIVITY) window.removeEventListener(type, active, { capture: true });
      delete root.dataset.wallIdle;
    };
  }, [idleMs]);
}
