'use client';

import { useCallback, useMemo } from 'react';
import { parseAsString, useQueryStates } from 'nuqs';
import {
  HEALTH_PARAM_KEYS,
  parseHealthParams,
  serializeHealthParams,
  type HealthParamDefaults,
  type HealthParamKey,
  type HealthParams,
} from '@/lib/search-params/health';

const RAW_PARSERS = Object.fromEntries(HEALTH_PARAM_KEYS.map((key) => [key, parseAsString])) as Record<
  HealthParamKey,
  typeof parseAsString
>;

/**
 * The health screen's URL state through nuqs: raw strings in, the shared contract's parse/serialize around them,
 * so the client reads exactly what the server page parsed. Updates are shallow (no server round trip).
 */
export function useHealthParams(defaults: HealthParamDefaults) {
  const [raw, setRaw] = useQueryStates(RAW_PARSERS, { history: 'replace' });
  const params = useMemo(() => parseHealthParams(raw, defaults), [raw, defaults]);

  const setParams = useCallback(
    (patch: Partial<HealthParams>, options: { history?: 'push' | 'replace' } = {}) => {
      const changed = Object.keys(patch) as (keyof HealthParams)[];
      const serialized = serializeHealthParams({ ...params, ...patch }, defaults);
      const update: Partial<Record<HealthParamKey, string | null>> = {};
      for (const key of changed) update[key] = serialized[key];
      if (changed.includes('sortBy')) update.sortDesc = serialized.sortDesc;
      return setRaw(update, { history: options.history ?? 'replace' });
    },
    [params, defaults, setRaw],
  );

  return [params, setParams] as const;
}
