import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PAGE_SIZE_STORAGE_KEY } from '@/lib/constants';
import { pageSizeFromCookie, parsePageSize } from '@/lib/preferences/page-size';

export { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, PAGE_SIZE_STORAGE_KEY };
export { GRID_PAGE_SIZE_OPTIONS } from '@/lib/constants';

const listeners = new Set<() => void>();

function safeStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The page size shared by all tables: localStorage, then the cookie, then the fallback (50). */
export function readPersistedPageSize(fallback: number = DEFAULT_PAGE_SIZE): number {
  const fromStorage = parsePageSize(safeStorage()?.getItem(PAGE_SIZE_STORAGE_KEY));
  if (fromStorage) return fromStorage;
  const fromCookie = typeof document !== 'undefined' ? pageSizeFromCookie(document.cookie) : null;
  return fromCookie ?? fallback;
}

/**
 * Persist the shared page size in localStorage and in a cookie (so the server can render the
 * right page size on the first paint), and notify every mounted table.
 */
export function persistPageSize(size: number) {
  if (!parsePageSize(size)) return;
  try {
    safeStorage()?.setItem(PAGE_SIZE_STORAGE_KEY, String(size));
  } catch {
    // storage disabled: the cookie still carries it
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${PAGE_SIZE_STORAGE_KEY}=${size}; path=/; max-age=31536000; samesite=lax`;
  }
  listeners.forEach((l) => l());
}

export function subscribePageSize(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === PAGE_SIZE_STORAGE_KEY) listener();
  };
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}

/** Clamp a go-to-page entry (1-based) to [1, pageCount]; null when not a number. */
export function clampPageNumber(value: string | number, pageCount: number): number | null {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return null;
  return Math.min(Math.max(1, Math.trunc(n)), Math.max(1, pageCount));
}
