'use client';

import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  labelId,
  selectedLabelsOfKey,
  splitLabelId,
  type LabelOption,
  type TriStateMap,
} from '@/lib/filters';
import { LazyValuesPopover } from './lazy-values-popover';

/** At this many selected values a label select collapses to 'including N labels' (spec 001 §5). */
const LABEL_SUMMARY_THRESHOLD = 4;

/** The trigger text of a label multi-select: All, the chosen values, or 'including N labels'. */
export function labelSelectSummary(selected: readonly { value: string; state: 1 | -1 }[]): string {
  if (selected.length === 0) return 'All';
  if (selected.length >= LABEL_SUMMARY_THRESHOLD) return `including ${selected.length} labels`;
  return selected.map((s) => (s.state === -1 ? `not ${s.value}` : s.value)).join(', ');
}

/** What each label key's control gets: its key and values, and the whole label map (it changes only its own key). */
interface LabelControlProps {
  option: LabelOption;
  labels: TriStateMap;
  onChange: (next: TriStateMap) => void;
}

function LabelMultiSelect({ option, labels, onChange }: LabelControlProps) {
  const selected = selectedLabelsOfKey(labels, option.key);
  // The list works on the values of this key only; other keys are kept as they are.
  const own: TriStateMap = Object.fromEntries(selected.map((s) => [s.value, s.state]));
  const triggerId = React.useId();
  const summary = labelSelectSummary(selected);
  const onValuesChange = (next: TriStateMap) => {
    const merged: TriStateMap = {};
    for (const [id, state] of Object.entries(labels))
      if (splitLabelId(id).key !== option.key) merged[id] = state;
    for (const [value, state] of Object.entries(next)) merged[labelId(option.key, value)] = state;
    onChange(merged);
  };
  return (
    <div className="space-y-1">
      <Label htmlFor={triggerId} className="text-xs text-muted-foreground">
        {option.key}
      </Label>
      <LazyValuesPopover
        triggerId={triggerId}
        labelKey={option.key}
        values={option.values}
        value={own}
        onChange={onValuesChange}
        summary={summary}
      />
    </div>
  );
}

function LabelToggle({ option, labels, onChange }: LabelControlProps) {
  const id = labelId(option.key, 'true');
  const switchId = React.useId();
  return (
    <div className="flex items-center justify-between gap-2">
      <Label htmlFor={switchId} className="text-sm font-normal">
        {option.key}
      </Label>
      <Switch
        id={switchId}
        checked={labels[id] === 1}
        onCheckedChange={(checked) => {
          const next = { ...labels };
          delete next[labelId(option.key, 'false')];
          if (checked) next[id] = 1;
          else delete next[id];
          onChange(next);
        }}
      />
    </div>
  );
}

/**
 * Filter by Label: per label key a tri-state value list (include 1, exclude -1, neutral; spec 000 §4), or a toggle
 * for keys whose values are all true/false. The value is a map of `key=value` ids (lib/filters), as the URL holds it.
 */
export function LabelFilter({
  options,
  value,
  onChange,
  legend = 'Filter by Label',
}: {
  options: readonly LabelOption[];
  value: TriStateMap;
  onChange: (labels: TriStateMap) => void;
  legend?: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {options.length === 0 && <p className="text-sm text-muted-foreground">No labels</p>}
      {options.map((option) =>
        option.boolean ? (
          <LabelToggle key={option.key} option={option} labels={value} onChange={onChange} />
        ) : (
          <LabelMultiSelect key={option.key} option={option} labels={value} onChange={onChange} />
        ),
      )}
      {Object.keys(value).length > 0 && (
        <Button variant="link" size="sm" className="px-0" onClick={() => onChange({})}>
          Clear label filters
        </Button>
      )}
    </fieldset>
  );
}
