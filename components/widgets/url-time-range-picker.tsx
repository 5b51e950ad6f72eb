'use client';

import * as React from 'react';
import type { ParamSpecs, ParamValues } from '@/lib/search-params/define';
import { timeRangeOf, timeRangePatch } from '@/lib/search-params/time-range';
import type { SetUrlStateOptions } from '@/lib/search-params/use-url-state';
import { TimeRangePicker, type TimeRangePickerProps } from './time-range-picker';

export type UrlTimeRangePickerProps<S extends ParamSpecs> = Omit<
  TimeRangePickerProps,
  'value' | 'onChange'
> & {
  /** The screen's useUrlState(contract) result; the contract spreads timeRangeParams(). */
  urlState: readonly [
    ParamValues<S>,
    (patch: Partial<ParamValues<S>>, options?: SetUrlStateOptions) => void,
    ...unknown[],
  ];
};

/**
 * The time-range picker bound to the URL (rangeType, display, from, to, range, timeRange): choosing a range writes
 * its keys and removes stale ones, Clear removes them all (spec 000 §4), each a Back step.
 */
export function UrlTimeRangePicker<S extends ParamSpecs>({ urlState, ...props }: UrlTimeRangePickerProps<S>) {
  const [values, set] = urlState;
  const value = React.useMemo(() => timeRangeOf(values as Parameters<typeof timeRangeOf>[0]), [values]);
  return (
    <TimeRangePicker
      {...props}
      value={value}
      onChange={(range) => set(timeRangePatch(range) as Partial<ParamValues<S>>, { history: 'push' })}
    />
  );
}
