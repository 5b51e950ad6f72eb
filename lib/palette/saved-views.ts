/**
 * Saved views (issue 33): a list screen's URL state kept under a name, per person, in the browser's localStorage.
 * The list operations are pure (unit-tested); reading and writing go through one key per person, and every write
 * tells the other parts of the page (the sidebar's Saved group, the palette) and the other tabs.
 */

export interface SavedView {
  id: string;
  name: string;
  /** The console address: path and query, e.g. /health?status=unhealthy. */
  href: string;
  pinned: boolean;
  createdAt: number;
}

/** The sidebar's Saved group holds at most this many. */
export const MAX_PINNED = 10;
/** A name is a label, not a document. */
const MAX_NAME = 80;
const CHANGED_EVENT = 'console:saved-views';

export const savedViewsKey = (userId: string) => `console.saved-views.${userId}`;

function isSavedView(value: unknown): value is SavedView {
  const v = value as Partial<SavedView> | null;
  return (
    typeof v?.id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.href === 'string' &&
    v.href.startsWith('/') &&
    !v.href.startsWith('//') &&
    typeof v.pinned === 'boolean'
  );
}

/** The person's saved views; anything unreadable (another version's shape, a hand edit) is skipped. */
export function parseSavedViews(raw: string | null): SavedView[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isSavedView) : [];
  } catch {
    return [];
  }
}

export function cleanName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').slice(0, MAX_NAME);
}

export function addView(
  views: readonly SavedView[],
  view: { name: string; href: string },
  id: string,
  now: number,
): SavedView[] {
  return [
    ...views,
    { id, name: cleanName(view.name) || view.href, href: view.href, pinned: false, createdAt: now },
  ];
}

export function renameView(views: readonly SavedView[], id: string, name: string): SavedView[] {
  const clean = cleanName(name);
  return clean ? views.map((v) => (v.id === id ? { ...v, name: clean } : v)) : [...views];
}

export function removeView(views: readonly SavedView[], id: string): SavedView[] {
  return views.filter((v) => v.id !== id);
}

/** Pins or unpins a view; pinning an eleventh is refused (`full`) and changes nothing. */
export function togglePin(views: readonly SavedView[], id: string): { views: SavedView[]; full: boolean } {
  const target = views.find((v) => v.id === id);
  if (!target) return { views: [...views], full: false };
  if (!target.pinned && views.filter((v) => v.pinned).length >= MAX_PINNED)
    return { views: [...views], full: true };
  return { views: views.map((v) => (v.id === id ? { ...v, pinned: !v.pinned } : v)), full: false };
}

export const pinnedViews = (views: readonly SavedView[]) =>
  views.filter((v) => v.pinned).slice(0, MAX_PINNED);

export function readSavedViews(userId: string, storage: Storage = window.localStorage): SavedView[] {
  try {
    return parseSavedViews(storage.getItem(savedViewsKey(userId)));
  } catch {
    return []; // storage refused (private mode, a policy): no saved views rather than a broken palette
  }
}

export function writeSavedViews(
  userId: string,
  views: readonly SavedView[],
  storage: Storage = window.localStorage,
) {
  storage.setItem(savedViewsKey(userId), JSON.stringify(views));
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** Calls `listener` when the saved views change in this tab or another; returns the unsubscribe. */
export function onSavedViewsChange(listener: () => void): () => void {
  window.addEventListener(CHANGED_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGED_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}
