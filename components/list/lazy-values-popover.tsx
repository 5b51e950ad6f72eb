'use client';

import { ChevronDown } from 'lucide';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';
import type { LabelValuesPopoverProps } from './label-values-popover';

const loadPopover = () => import('@/components/list/label-values-popover').then((m) => m.LabelValuesPopover);

/**
 * The tri-state value popover of a filter (TriStateSelect, a label key of LabelFilter), loaded on first use: until
 * then a plain button with the same text stands in, so Radix stays off the first load.
 */
export function LazyValuesPopover({
  triggerClassName,
  ...props
}: Omit<LabelValuesPopoverProps, 'defaultOpen'> & { triggerClassName?: string }) {
  const { Component: Popover, triggerProps } = useLazyMenu(loadPopover);
  if (Popover) return <Popover {...props} defaultOpen />;
  return (
    <Button
      id={props.triggerId}
      variant="outline"
      size="sm"
      className={cn('w-full justify-between font-normal', triggerClassName)}
      aria-haspopup="dialog"
      {...triggerProps}
    >
      <span className="truncate">{props.summary}</span>
      <StaticIcon icon={ChevronDown} className="size-4 opacity-60" />
    </Button>
  );
}
