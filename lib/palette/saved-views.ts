import type { SavedViewRow } from '@/lib/palette/endpoints';
import { cleanName, isConsoleHref, MAX_PINNED, MAX_VIEWS } from '@/lib/saved-view-rules';

export { cleanName, MAX_PINNED, MAX_VIEWS };

/**
 * Saved views (issue 33): a list screen's URL state kept under a name, per person — on the backend when it keeps
 * them (lib/palette/queries.ts), else in the browser's localStorage. The list operations are pure (unit-tested);
 * local reading and writing go through one key per person, and every change, local or remote, tells the other parts
 * of the page (the sidebar's Saved group, the palette) and the other tabs.
 */

export interface SavedView {
  id: string;
  name: string;
  /** The console address: path and query, e.g. /health?status=unhealthy. */
  href: string;
  pinned: boolean;
  createdAt: number;
}

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

/** Whether another view fits (the backend keeps at most MAX_VIEWS per person; the browser the same). */
export const canAddView = (views: readonly SavedView[]) => views.length < MAX_VIEWS;

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

/** Forgets the person's views in this browser (once they are on the backend). */
export function clearSavedViews(userId: string, storage: Storage = window.localStorage) {
  try {
    storage.removeItem(savedViewsKey(userId));
  } catch {
    // storage refused: nothing was kept there either
  }
}

/**
 * Tells this tab and the others that the person's views on the backend changed: a storage write is the one signal
 * every tab of the origin hears (a 'storage' event), the same one the local views use.
 */
export function announceSavedViewsChange(userId: string, storage: Storage = window.localStorage) {
  try {
    storage.setItem(`${savedViewsKey(userId)}.changed`, String(Date.now()));
  } catch {
    // storage refused: the other tabs see the change when they next refetch
  }
  window.dispatchEvent(new Event(CHANGED_EVENT));
}

/** A backend row as the palette keeps a view. */
export function fromRow(row: SavedViewRow): SavedView {
  return {
    id: row.id,
    name: row.name,
    href: row.href,
    pinned: row.pinned,
    createdAt: Date.parse(row.created_at) || 0,
  };
}

export interface MoveUpPlan {
  /** What to create on the backend, oldest first. */
  create: { name: string; href: string; pinned: boolean }[];
  /** Local views the backend would refuse (an address it does not accept, or beyond the limit): not moved. */
  dropped: SavedView[];
}

/**
 * Which of the browser's views to move up to the backend, once it keeps them: each local view that is not there
 * yet (same name and address: moved by an earlier, interrupted attempt), pinned while pin places are left, up to
 * the per-person limit.
 */
export function planMoveUp(local: readonly SavedView[], remote: readonly SavedView[]): MoveUpPlan {
  const have = new Set(remote.map((v) => `${v.name}\n${v.href}`));
  let room = MAX_VIEWS - remote.length;
  let pins = MAX_PINNED - remote.filter((v) => v.pinned).length;
  const plan: MoveUpPlan = { create: [], dropped: [] };
  for (const view of [...local].sort((a, b) => a.createdAt - b.createdAt)) {
    const name = cleanName(view.name) || cleanName(view.href);
    if (have.has(`${name}\n${view.href}`)) continue;
    if (!isConsoleHref(view.href) || !name || room <= 0) {
      plan.dropped.push(view);
      continue;
    }
    const pinned = view.pinned && pins > 0;
    if (pinned) pins--;
    room--;
    have.add(`${name}\n${view.href}`);
    plan.create.push({ name, href: view.href, pinned });
  }
  return plan;
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
