import { PAGE_SIZE_OPTIONS, PAGE_SIZE_STORAGE_KEY } from '@/lib/constants';

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
