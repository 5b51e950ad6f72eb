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

export function writeLiveEnabled(enabled: boolean): void {
  try {
    if (enabled) storage()?.removeItem(LIVE_UPDATES_STORAGE_KEY);
    else storage()?.setItem(LIVE_UPDATES_STORAGE_KEY, 'off');
  } catch {
    // storage full or blocked: the switch still applies to this tab
  }
}
