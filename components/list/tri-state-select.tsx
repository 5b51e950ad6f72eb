'use client';

import * as React from 'react';
import { Label } from '@/components/ui/label';
import type { TriStateMap } from '@/lib/filters';
import { LazyValuesPopover } from './lazy-values-popover';

/** The trigger text: All, the chosen values ('not SUCCESS'), or 'N selected' when many are chosen. */
export function triStateSummary(value: TriStateMap, many = 4): string {
  const entries = Object.entries(value);
  if (entries.length === 0) return 'All';
  if (entries.length >= many) return `${entries.length} selected`;
  return entries.map(([v, state]) => (state === -1 ? `not ${v}` : v)).join(', ');
}

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
      <LazyValuesPopover
        triggerId={triggerId}
        triggerClassName="h-9"
        labelKey={label}
        values={shown}
        value={value}
        onChange={onChange}
        summary={summary}
        itemName={(v) => v}
      />
    </div>
  );
}
