'use client';

import * as React from 'react';
import { ChevronDown } from 'lucide';
import { useLazyMenu } from '@/components/shell/lazy-menu';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { StaticIcon } from '@/components/ui/static-icon';
import type { TriStateMap } from '@/lib/filters';

/** The trigger text: All, the chosen values ('not SUCCESS'), or 'N selected' when many are chosen. */
export function triStateSummary(value: TriStateMap, many = 4): string {
  const entries = Object.entries(value);
  if (entries.length === 0) return 'All';
  if (entries.length >= many) return `${entries.length} selected`;
  return entries.map(([v, state]) => (state === -1 ? `not ${v}` : v)).join(', ');
}

const loadPopover = () => import('@/components/list/label-values-popover').then((m) => m.LabelValuesPopover);

/**
 * A list filter whose values can each be included or excluded (spec 000 §4 tri-state), captioned like FilterSelect.
 * The popover's code loads on first use; until then a plain button with the same text stands in.
 */
export function TriStateSelect({
  label,
  values,
  value,
  onChange,
}: {
  label: string;
  values: readonly string[];
  value: TriStateMap;
  onChange: (next: TriStateMap) => void;
}) {
  const triggerId = React.useId();
  const { Component: Popover, triggerProps } = useLazyMenu(loadPopover);
  // A chosen value that is not among the options (a shared link) stays visible and can be cleared.
  const shown = React.useMemo(
    () => [...values, ...Object.keys(value).filter((v) => !values.includes(v))],
    [values, value],
  );
  const summary = triStateSummary(value);
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <Label htmlFor={triggerId} className="text-xs font-medium text-muted-foreground">
        {label}
      </Label>
      {Popover ? (
        <Popover
          triggerId={triggerId}
          labelKey={label}
          values={shown}
          value={value}
          onChange={onChange}
          summary={summary}
          itemName={(v) => v}
          defaultOpen
        />
      ) : (
        <Button
          id={triggerId}
          variant="outline"
          size="sm"
          className="h-9 w-full justify-between font-normal"
          aria-haspopup="dialog"
          {...triggerProps}
        >
          <span className="truncate">{summary}</span>
          <StaticIcon icon={ChevronDown} className="size-4 opacity-60" />
        </Button>
      )}
    </div>
  );
}
