'use client';

import * as React from 'react';
import { CalendarClockIcon, ChevronDownIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { TimeRange } from '@/lib/time-range/types';

export interface TimeRangePickerProps {
  value: TimeRange | null | undefined;
  /** Called with the chosen range, or null on Clear. */
  onChange: (range: TimeRange | null) => void;
  /** IANA zone for the absolute inputs (undefined = browser zone). */
  timezone?: string;
  /** Show the future ranges (Indefinitely and forward). Default true. */
  showFuture?: boolean;
  placeholder?: string;
  className?: string;
  disabled?: boolean;
}

/** The picker's button, the same before and after its popover has loaded. */
export function TimeRangeTrigger({
  value,
  placeholder = 'Select time range',
  className,
  ...props
}: Pick<TimeRangePickerProps, 'value' | 'placeholder' | 'className'> & Omit<React.ComponentProps<typeof Button>, 'value'>) {
  return (
    <Button
      variant="outline"
      className={cn('justify-between font-normal', className)}
      aria-label={`Time range: ${value?.display ?? placeholder}`}
      {...props}
    >
      <CalendarClockIcon />
      <span className={cn('truncate', !value && 'text-muted-foreground')}>{value?.display ?? placeholder}</span>
      <ChevronDownIcon className="opacity-50" />
    </Button>
  );
}
