'use client';

import * as React from 'react';
import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { TriStateFilterList } from '@/components/widgets/tri-state-toggle';
import type { TriStateMap } from '@/lib/filters';

export interface LabelValuesPopoverProps {
  triggerId: string;
  labelKey: string;
  values: readonly string[];
  /** The include/exclude state of this key's values only. */
  value: TriStateMap;
  onChange: (next: TriStateMap) => void;
  summary: string;
  defaultOpen?: boolean;
  /** The plain-text name of a value in the Include/Exclude button labels; default `key=value`. */
  itemName?: (value: string) => string;
}

/**
 * The tri-state value list of one label key in a popover; loaded by the filter panel on first use (the panel
 * shows an identical plain button until then), so Radix popover and its positioning code stay off the first load.
 */
export function LabelValuesPopover({
  triggerId,
  labelKey,
  values,
  value,
  onChange,
  summary,
  defaultOpen = false,
  itemName,
}: LabelValuesPopoverProps) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <Button id={triggerId} variant="outline" size="sm" className="w-full justify-between font-normal">
          <span className="truncate">{summary}</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="max-h-80 w-64 overflow-auto p-2">
        <TriStateFilterList
          aria-label={`${labelKey} values`}
          options={values.map((v) => ({ value: v, name: itemName ? itemName(v) : `${labelKey}=${v}` }))}
          value={value}
          onChange={onChange}
        />
      </PopoverContent>
    </Popover>
  );
}
