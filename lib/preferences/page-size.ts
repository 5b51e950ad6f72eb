import { GRID_PAGE_SIZE_OPTIONS, PAGE_SIZE_OPTIONS, PAGE_SIZE_STORAGE_KEY } from '@/lib/constants';

/** The page size shared by every table (spec 000 §9: default 50, options 5 … 1000), as text from storage or a cookie. */

/** A valid page size (one of the options) or null. */
export function parsePageSize(value: unknown, options: readonly number[] = PAGE_SIZE_OPTIONS): number | null {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return options.includes(n) ? n : null;
}

/** Read the persisted page size from a Cookie header / document.cookie string. */
export function pageSizeFromCookie(cookieHeader: string | null | undefined): number | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === PAGE_SIZE_STORAGE_KEY) return parsePageSize(decodeURIComponent(v.join('=')));
  }
  return null;
}

/**
 * A grid's page size (spec 001 §9: grid options 50, 100, 200): the shared table page size when it is a grid option,
 * else the largest grid option not above it, else the smallest.
 */
export function gridPageSize(
  shared: number | null | undefined,
  options: readonly number[] = GRID_PAGE_SIZE_OPTIONS,
): number {
  const sorted = [...options].sort((a, b) => a - b);
  const n = shared ?? 0;
  return sorted.filter((o) => o <= n).pop() ?? sorted[0] ?? 50;
}

/** Virtual pagination (spec 001 §9 "doubles page size near the end"): the next count shown, at most the total. */
export function nextVirtualLimit(limit: number, total: number): number {
  return Math.min(total, Math.max(1, limit) * 2);
}
