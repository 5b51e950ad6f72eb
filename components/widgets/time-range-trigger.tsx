'use client';

import * as React from 'react';
import { CalendarClock, ChevronDown } from 'lucide';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
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

/** The picker's button, the same before and after its popover has loaded; its icons are plain SVG (StaticIcon), so
 * that lucide-react's runtime is not in the first load of every list with a time range. */
export function TimeRangeTrigger({
  value,
  placeholder = 'Select time range',
  className,
  ...props
}: Pick<TimeRangePickerProps, 'value' | 'placeholder' | 'className'> &
  Omit<React.ComponentProps<typeof Button>, 'value'>) {
  return (
    <Button
      variant="outline"
      className={cn('justify-between font-normal', className)}
      aria-label={`Time range: ${value?.display ?? placeholder}`}
      {...props}
    >
      <StaticIcon icon={CalendarClock} />
      <span className={cn('truncate', !value && 'text-muted-foreground')}>
        {value?.display ?? placeholder}
      </span>
      <StaticIcon icon={ChevronDown} className="opacity-50" />
    </Button>
  );
}
