'use client';

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'next/navigation';
import { writeSearchParams } from '@/lib/search-params/write-url';
import {
  parseHealthParams,
  readHealthParams,
  serializeHealthParams,
  type HealthParamDefaults,
  type HealthParams,
} from '@/lib/search-params/health';

/**
 * The health screen's URL state: Next's search params in, the shared contract's parse/serialize around them, so
 * the client reads exactly what the server page parsed. Updates are shallow (no server round trip) and touch only
 * the changed keys.
 */
export function useHealthParams(defaults: HealthParamDefaults) {
  const searchParams = useSearchParams();
  const params = useMemo(() => parseHealthParams(readHealthParams(searchParams), defaults), [searchParams, defaults]);

  const setParams = useCallback(
    (patch: Partial<HealthParams>, options: { history?: 'push' | 'replace' } = {}) => {
      const changed = Object.keys(patch) as (keyof HealthParams)[];
      const serialized = serializeHealthParams({ ...params, ...patch }, defaults);
      const update: Record<string, string | null> = {};
      for (const key of changed) update[key] = serialized[key];
      if (changed.includes('sortBy')) update.sortDesc = serialized.sortDesc;
      writeSearchParams(update, options.history ?? 'replace');
    },
    [params, defaults],
  );

  return [params, setParams] as const;
}
