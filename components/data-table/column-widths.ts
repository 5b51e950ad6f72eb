/**
 * Resizable, remembered column widths of a kit table (first used by /logs): the pure rules (clamping, reading
 * what localStorage holds, one keyboard step) and a small store over localStorage that every mounted table follows.
 */

export type ColumnWidths = Readonly<Record<string, number>>;

export const MIN_COLUMN_WIDTH = 80;
export const MAX_COLUMN_WIDTH = 2000;
/** One arrow-key press; Shift takes bigger steps. */
export const COLUMN_WIDTH_STEP = 16;

export function clampWidth(px: number): number {
  if (!Number.isFinite(px)) return MIN_COLUMN_WIDTH;
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, px)));
}

/**
 * The widths stored for `defaults`' columns: unknown columns, non-numbers and broken JSON are ignored (a column
 * keeps its default), and stored values are clamped, so a bad entry never hides a column.
 */
export function readWidths(raw: string | null | undefined, defaults: ColumnWidths): ColumnWidths {
  if (!raw) return defaults;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return defaults;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return defaults;
  const out: Record<string, number> = { ...defaults };
  for (const id of Object.keys(defaults)) {
    const v = (parsed as Record<string, unknown>)[id];
    if (typeof v === 'number' && Number.isFinite(v)) out[id] = clampWidth(v);
  }
  return out;
}

/** The width after a key press on a column's resize handle, or null when the key does not resize. */
export function widthAfterKey(width: number, key: string, shift: boolean, fallback: number): number | null {
  const step = shift ? COLUMN_WIDTH_STEP * 4 : COLUMN_WIDTH_STEP;
  switch (key) {
    case 'ArrowLeft':
      return clampWidth(width - step);
    case 'ArrowRight':
      return clampWidth(width + step);
    case 'Home':
      return MIN_COLUMN_WIDTH;
    case 'End':
      return MAX_COLUMN_WIDTH;
    case 'Enter':
      return clampWidth(fallback);
    default:
      return null;
  }
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * One table's widths under a localStorage key: `read` returns the same object while the stored text is unchanged
 * (useSyncExternalStore needs a stable snapshot), `write` saves and tells every subscriber, `reset` forgets.
 */
export function columnWidthStore(
  key: string,
  defaults: ColumnWidths,
  storage: () => StorageLike | null = browserStorage,
) {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: ColumnWidths } | null = null;
  // What a failed save would have stored: the width holds in this tab until it reloads.
  let unsaved: string | null = null;
  const notify = () => listeners.forEach((l) => l());
  const read = (): ColumnWidths => {
    let raw: string | null = unsaved;
    if (raw === null) {
      try {
        raw = storage()?.getItem(key) ?? null;
      } catch {
        raw = null;
      }
    }
    if (!cache || cache.raw !== raw) cache = { raw, value: readWidths(raw, defaults) };
    return cache.value;
  };
  return {
    defaults,
    read,
    write(id: string, px: number) {
      const raw = JSON.stringify({ ...read(), [id]: clampWidth(px) });
      try {
        const s = storage();
        if (!s) throw new Error('no storage');
        s.setItem(key, raw);
        unsaved = null;
      } catch {
        unsaved = raw;
      }
      notify();
    },
    reset() {
      unsaved = null;
      try {
        storage()?.removeItem(key);
      } catch {
        // nothing stored
      }
      cache = null;
      notify();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (e: StorageEvent) => e.key === key && listener();
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}
export type ColumnWidthStore = ReturnType<typeof columnWidthStore>;
