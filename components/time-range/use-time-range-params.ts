'use client';

import { useCallback, useMemo } from 'react';
import { parseAsString, useQueryStates } from 'nuqs';
import {
  parseSimpleTimeRangeParam,
  parseTimeRangeParams,
  simpleTimeRangeToParamValues,
  timeRangeToParamValues,
} from '@/lib/time-range/url';
import type { SimpleTimeRange } from '@/lib/time-range/ranges';
import type { TimeRange } from '@/lib/time-range/types';

const RANGE_PARSERS = {
  rangeType: parseAsString,
  display: parseAsString,
  from: parseAsString,
  to: parseAsString,
  range: parseAsString,
  timeRange: parseAsString,
};

export interface UseTimeRangeParamsOptions {
  /** Extra URL keys removed whenever the range changes (e.g. ['pageIndex']). */
  resetKeys?: readonly string[];
  /** Push a history entry (default) or replace the current one. */
  history?: 'push' | 'replace';
  /** Fallback for the simple `timeRange` dropdown (default 1h). */
  defaultSimple?: SimpleTimeRange;
}

/**
 * URL state of the time-range picker (rangeType, display, from, to, range, timeRange) through nuqs.
 * Choosing a range removes stale keys; clear() removes all range keys.
 */
export function useTimeRangeParams(options: UseTimeRangeParamsOptions = {}) {
  const { history = 'push', defaultSimple = '1h' } = options;
  const resetKey = (options.resetKeys ?? []).join('\u0000');
  const parsers = useMemo(() => {
    const extra = Object.fromEntries(resetKey ? resetKey.split('\u0000').map((k) => [k, parseAsString]) : []);
    return { ...extra, ...RANGE_PARSERS };
  }, [resetKey]);
  const [values, setValues] = useQueryStates(parsers, { history });

  const { rangeType, display, from, to, range, timeRange: simple } = values;
  const timeRange = useMemo(
    () => parseTimeRangeParams({ rangeType, display, from, to, range }),
    [rangeType, display, from, to, range],
  );
  const simpleTimeRange = parseSimpleTimeRangeParam({ timeRange: simple }, defaultSimple);

  const resets = useMemo(
    () => Object.fromEntries(resetKey ? resetKey.split('\u0000').map((k) => [k, null]) : []),
    [resetKey],
  );

  const setTimeRange = useCallback(
    (next: TimeRange | null) => setValues({ ...resets, ...timeRangeToParamValues(next) }),
    [setValues, resets],
  );
  const clear = useCallback(() => setValues({ ...resets, ...timeRangeToParamValues(null) }), [setValues, resets]);
  const setSimpleTimeRange = useCallback(
    (next: SimpleTimeRange | null) => setValues({ ...resets, ...simpleTimeRangeToParamValues(next) }),
    [setValues, resets],
  );

  return { timeRange, setTimeRange, clear, simpleTimeRange, setSimpleTimeRange };
}
