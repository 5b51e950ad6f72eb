'use client';

import * as React from 'react';

/**
 * A header menu whose Radix code (menu, popover, dialog and what they show) is loaded on demand: the page renders
 * a plain trigger button at once; pointing at it or focusing it fetches the module, and activating it (click,
 * Enter, Space or ArrowDown, like the Radix trigger) swaps in the real menu, opened. From then on the real menu
 * stays mounted, so the second opening behaves exactly like before.
 */
export function useLazyMenu<P>(load: () => Promise<React.ComponentType<P>>) {
  const [Component, setComponent] = React.useState<React.ComponentType<P> | null>(null);
  const pending = React.useRef<Promise<React.ComponentType<P>> | null>(null);

  const preload = React.useCallback(() => {
    pending.current ??= load().catch((error: unknown) => {
      pending.current = null; // let the next attempt retry a failed chunk load
      throw error;
    });
    return pending.current;
  }, [load]);

  const activate = React.useCallback(() => {
    preload().then(
      (loaded) => setComponent(() => loaded),
      () => undefined,
    );
  }, [preload]);

  const triggerProps = {
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: () => void preload().catch(() => undefined),
    onFocus: () => void preload().catch(() => undefined),
    onClick: activate,
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        activate();
      }
    },
  } as const;

  return { Component, triggerProps };
}
