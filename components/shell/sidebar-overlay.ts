'use client';

import { useSyncExternalStore } from 'react';

/**
 * Whether the sidebar is open over the page on a narrow screen (below 1024 px it is a rail of icons, and on a phone
 * hidden; the header's menu button and the rail's own button open it). Shared by the header and the sidebar.
 */
let open = false;
const listeners = new Set<() => void>();

export function setSidebarOverlay(value: boolean): void {
  if (open === value) return;
  open = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useSidebarOverlay(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}

/** Whether the window is at least `minWidth` px wide; the server (and the first paint) assumes a wide screen. */
export function useWideScreen(minWidth: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(`(min-width: ${minWidth}px)`);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(`(min-width: ${minWidth}px)`).matches,
    () => true,
  );
}
