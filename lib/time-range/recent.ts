import { RECENT_TIME_RANGES_LIMIT, RECENT_TIME_RANGES_STORAGE_KEY } from '@/lib/constants';
import type { AbsoluteTimeRange } from './types';

/** Add an absolute range to the front of the recent list: deduplicated, at most 4. */
export function addRecentRange(
  list: readonly AbsoluteTimeRange[],
  range: AbsoluteTimeRange,
  limit: number = RECENT_TIME_RANGES_LIMIT,
): AbsoluteTimeRange[] {
  const rest = list.filter((r) => !(r.from === range.from && r.to === range.to));
  return [range, ...rest].slice(0, limit);
}

function isAbsolute(v: unknown): v is AbsoluteTimeRange {
  if (!v || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  return (
    (r.type === 'absolute' || r.type === undefined) && typeof r.from === 'string' && typeof r.to === 'string'
  );
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Read recent absolute ranges from localStorage; bad data gives []. */
export function loadRecentRanges(storage: StorageLike | null = defaultStorage()): AbsoluteTimeRange[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(RECENT_TIME_RANGES_STORAGE_KEY);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isAbsolute)
      .map((r) => ({
        type: 'absolute' as const,
        display: r.display ?? `${r.from} to ${r.to}`,
        from: r.from,
        to: r.to,
      }))
      .slice(0, RECENT_TIME_RANGES_LIMIT);
  } catch {
    return [];
  }
}

export function saveRecentRanges(
  list: readonly AbsoluteTimeRange[],
  storage: StorageLike | null = defaultStorage(),
) {
  if (!storage) return;
  try {
    storage.setItem(RECENT_TIME_RANGES_STORAGE_KEY, JSON.stringify(list.slice(0, RECENT_TIME_RANGES_LIMIT)));
  } catch {
    // storage full or disabled: recent ranges are a convenience only
  }
}

/** Load, add, save; returns the new list. */
export function rememberRecentRange(
  range: AbsoluteTimeRange,
  storage: StorageLike | null = defaultStorage(),
) {
  const next = addRecentRange(loadRecentRanges(storage), range);
  saveRecentRanges(next, storage);
  return next;
}
