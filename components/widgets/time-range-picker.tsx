'use client';

import * as React from 'react';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { TimeRangeTrigger, type TimeRangePickerProps } from '@/components/widgets/time-range-trigger';

export type { TimeRangePickerProps };

const loadPopover = () => import('@/components/widgets/time-range-popover').then((m) => m.TimeRangePopover);

/**
 * The time range picker of lists and forms. Its popover (Radix Popover, floating-ui, the option lists) loads on
 * first use, like the header menus: the page renders the same button at once; pointing at or focusing it fetches
 * the popover, activating it swaps in the real picker, opened.
 */
export function TimeRangePicker(props: TimeRangePickerProps) {
  const { Component, triggerProps } = useLazyMenu(loadPopover);
  if (Component) return <Component {...props} defaultOpen />;
  return (
    <TimeRangeTrigger
      value={props.value}
      placeholder={props.placeholder}
      className={props.className}
      disabled={props.disabled}
      aria-haspopup="dialog"
      {...triggerProps}
    />
  );
}
