'use client';

import * as React from 'react';
import { LabelFilter } from '@/components/list/label-filter';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { LabelOption, TriStateMap } from '@/lib/filters';

/** The health list's filter panel (spec 001 §2.1): Hide Passing and Filter by Label. */
export function HealthFilters({
  hidePassing,
  onHidePassingChange,
  labelOptions,
  labels,
  onLabelsChange,
}: {
  hidePassing: boolean;
  onHidePassingChange: (value: boolean) => void;
  labelOptions: readonly LabelOption[];
  labels: TriStateMap;
  onLabelsChange: (labels: TriStateMap) => void;
}) {
  const hideId = React.useId();
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={hideId}>Hide Passing</Label>
        <Switch id={hideId} checked={hidePassing} onCheckedChange={onHidePassingChange} />
      </div>
      <LabelFilter options={labelOptions} value={labels} onChange={onLabelsChange} />
    </div>
  );
}
