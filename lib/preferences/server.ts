import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_STORAGE_KEY } from '@/lib/constants';
import { parsePageSize } from '@/lib/preferences/page-size';
import { parsePreferences, PREFERENCES_COOKIE, type Preferences } from '@/lib/preferences/preferences';

export const getPreferences = cache(async (): Promise<Preferences> => {
  const jar = await cookies();
  return parsePreferences(jar.get(PREFERENCES_COOKIE)?.value);
});

/**
 * The page size shared by every table (spec 000 §9) as the browser last persisted it (a cookie beside
 * localStorage), 50 without one: a server-paged list prefetches this many rows when the URL has no pageSize, so
 * the first HTML already holds the page the browser shows.
 */
export const getTablePageSize = cache(async (): Promise<number> => {
  const jar = await cookies();
  return parsePageSize(jar.get(PAGE_SIZE_STORAGE_KEY)?.value) ?? DEFAULT_PAGE_SIZE;
});
