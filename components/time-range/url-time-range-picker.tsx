'use client';

import * as React from 'react';
import { TimeRangePicker, type TimeRangePickerProps } from './time-range-picker';
import { useTimeRangeParams, type UseTimeRangeParamsOptions } from './use-time-range-params';

export type UrlTimeRangePickerProps = Omit<TimeRangePickerProps, 'value' | 'onChange'> & UseTimeRangeParamsOptions;

/** The time-range picker bound to the URL (rangeType, display, from, to, range, timeRange). */
export function UrlTimeRangePicker({ resetKeys, history, defaultSimple, ...props }: UrlTimeRangePickerProps) {
  const { timeRange, setTimeRange } = useTimeRangeParams({ resetKeys, history, defaultSimple });
  return <TimeRangePicker {...props} value={timeRange} onChange={(r) => void setTimeRange(r)} />;
}
