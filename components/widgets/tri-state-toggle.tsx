'use client';

import * as React from 'react';
import { MinusIcon, PlusIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import {
  getTriState,
  setTriState,
  toggleTriState,
  type TriState,
  type TriStateMap,
} from '@/lib/filters/tri-state';

export interface TriStateToggleProps {
  value: TriState;
  onChange: (next: TriState) => void;
  /** The item's name, used in the button labels ('Include X', 'Exclude X'). */
  label: string;
  className?: string;
  disabled?: boolean;
}

const btn =
  'inline-flex size-6 items-center justify-center rounded-sm border border-transparent text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-3.5';

/** Include / exclude buttons for one filter value; clicking the active state returns to neutral. */
export function TriStateToggle({ value, onChange, label, className, disabled }: TriStateToggleProps) {
  return (
    <span
      role="group"
      aria-label={`Filter ${label}`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      <button
        type="button"
        aria-label={`Include ${label}`}
        aria-pressed={value === 1}
        disabled={disabled}
        onClick={() => onChange(toggleTriState(value, 1))}
        className={cn(
          btn,
          value === 1 && 'border-green-600 bg-green-600/10 text-green-700 dark:text-green-400',
        )}
      >
        <PlusIcon />
      </button>
      <button
        type="button"
        aria-label={`Exclude ${label}`}
        aria-pressed={value === -1}
        disabled={disabled}
        onClick={() => onChange(toggleTriState(value, -1))}
        className={cn(btn, value === -1 && 'border-red-600 bg-red-600/10 text-red-700 dark:text-red-400')}
      >
        <MinusIcon />
      </button>
    </span>
  );
}

export interface TriStateFilterOption {
  value: string;
  label?: React.ReactNode;
  /** Plain-text name for the button labels (defaults to value). */
  name?: string;
  count?: number;
}

export interface TriStateFilterListProps {
  options: readonly TriStateFilterOption[];
  value: TriStateMap;
  onChange: (next: TriStateMap) => void;
  className?: string;
  'aria-label'?: string;
}

/** A list of values, each with include/exclude toggles, over a TriStateMap. */
export function TriStateFilterList({
  options,
  value,
  onChange,
  className,
  ...props
}: TriStateFilterListProps) {
  // Quick clicks on two values (exclude one, include another) must both land although the second comes before the
  // page has rendered the first: each click builds on the map the last click sent, not on the rendered one.
  const latest = React.useRef(value);
  React.useEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (item: string, rendered: TriState, next: TriState) => {
    // The button clicked: the state it asked for, or (it turned its active state off) the rendered state.
    const target = next !== 0 ? next : rendered;
    if (target === 0) return;
    const map = setTriState(latest.current, item, toggleTriState(getTriState(latest.current, item), target));
    latest.current = map;
    onChange(map);
  };
  return (
    <ul aria-label={props['aria-label']} className={cn('flex flex-col gap-0.5', className)}>
      {options.map((o) => {
        const state = getTriState(value, o.value);
        const name = o.name ?? o.value;
        return (
          <li
            key={o.value}
            data-state={state === 1 ? 'include' : state === -1 ? 'exclude' : 'neutral'}
            className="flex items-center justify-between gap-2 rounded-sm px-1 py-0.5 text-sm hover:bg-muted/50"
          >
            <span className={cn('min-w-0 truncate', state === -1 && 'line-through opacity-70')}>
              {o.label ?? o.value}
              {o.count !== undefined ? (
                <span className="ml-1 text-xs text-muted-foreground">({o.count})</span>
              ) : null}
            </span>
            <TriStateToggle label={name} value={state} onChange={(next) => change(o.value, state, next)} />
          </li>
        );
      })}
    </ul>
  );
}
