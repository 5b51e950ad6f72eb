/** The live-updates switch, remembered per browser (localStorage); on unless switched off. */

export const LIVE_UPDATES_STORAGE_KEY = 'live-updates';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

export function readLiveEnabled(): boolean {
  return storage()?.getItem(LIVE_UPDATES_STORAGE_KEY) !== 'off';
}

/** Announced in the tab on every change, so the header's switch and the palette's action stay in step. */
const LIVE_UPDATES_EVENT = 'live-updates-change';

export function writeLiveEnabled(enabled: boolean): void {
  try {
    if (enabled) storage()?.removeItem(LIVE_UPDATES_STORAGE_KEY);
    else storage()?.setItem(LIVE_UPDATES_STORAGE_KEY, 'off');
  } catch {
    // storage full or blocked: the switch still applies to this tab
  }
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent<boolean>(LIVE_UPDATES_EVENT, { detail: enabled }));
}

/** Calls back with the new setting whenever the switch changes in this tab; returns the unsubscribe. */
export function onLiveEnabledChange(callback: (enabled: boolean) => void): () => void {
  const listener = (event: Event) => callback((event as CustomEvent<boolean>).detail);
  window.addEventListener(LIVE_UPDATES_EVENT, listener);
  return () => window.removeEventListener(LIVE_UPDATES_EVENT, listener);
}
