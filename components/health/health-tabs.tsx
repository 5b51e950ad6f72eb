'use client';

import * as React from 'react';
import { cn } from '@/lib/utils';

/** Tabs over the list (a tablist of buttons with arrow-key movement); the list below is their one panel. */
export function HealthTabs({
  tabs,
  value,
  onChange,
  label,
  panelId,
  counts,
  renderLabel = (tab) => tab,
}: {
  tabs: readonly string[];
  value: string;
  onChange: (tab: string) => void;
  label: string;
  panelId: string;
  counts?: ReadonlyMap<string, number>;
  renderLabel?: (tab: string) => string;
}) {
  const refs = React.useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: React.KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    if (target < 0) return;
    event.preventDefault();
    const tab = tabs[target];
    if (tab !== undefined) onChange(tab);
    refs.current[target]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-border">
      {tabs.map((tab, index) => {
        const selected = tab === value;
        return (
          <button
            key={tab}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${panelId}-tab-${index}`}
            aria-selected={selected}
            aria-controls={selected ? panelId : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={cn(
              '-mb-px rounded-t-md border-b-2 px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'border-primary font-medium text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {renderLabel(tab)}
            {counts?.has(tab) && ' '}
            {counts?.has(tab) && (
              <span className="ml-1 text-xs text-muted-foreground">({counts.get(tab)})</span>
            )}
          </button>
        );
      })}
    </div>
  );
}
