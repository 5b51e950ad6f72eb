'use client';

import * as React from 'react';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import {
  DEFAULT_SIMPLE_TIME_RANGE,
  isSimpleTimeRange,
  SIMPLE_TIME_RANGE_ITEMS,
  type SimpleTimeRange,
} from '@/lib/time-range/ranges';

export interface SimpleTimeRangeSelectProps {
  value?: SimpleTimeRange;
  onChange: (value: SimpleTimeRange) => void;
  /** Accessible label (default 'Time range'). */
  label?: string;
  className?: string;
  disabled?: boolean;
}

/** The 001 §9 dropdown: 15m, 1h (default), 2h … 5y. */
export function SimpleTimeRangeSelect({
  value = DEFAULT_SIMPLE_TIME_RANGE,
  onChange,
  label = 'Time range',
  className,
  disabled,
}: SimpleTimeRangeSelectProps) {
  return (
    <NativeSelect
      aria-label={label}
      value={value}
      disabled={disabled}
      className={cn('w-36', className)}
      onChange={(e) => {
        if (isSimpleTimeRange(e.target.value)) onChange(e.target.value);
      }}
    >
      {SIMPLE_TIME_RANGE_ITEMS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}
