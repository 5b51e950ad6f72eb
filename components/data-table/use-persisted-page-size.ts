'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { DEFAULT_PAGE_SIZE } from '@/lib/constants';
import { persistPageSize, readPersistedPageSize, subscribePageSize } from './page-size';

/**
 * The page size shared by all tables. `serverPageSize` is the value the server read from the
 * cookie (so the first paint matches); after hydration localStorage wins.
 */
export function usePersistedPageSize(serverPageSize?: number | null): [number, (size: number) => void] {
  const fallback = serverPageSize ?? DEFAULT_PAGE_SIZE;
  const size = useSyncExternalStore(
    subscribePageSize,
    () => readPersistedPageSize(fallback),
    () => fallback,
  );
  const set = useCallback((n: number) => persistPageSize(n), []);
  return [size, set];
}
