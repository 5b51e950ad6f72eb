'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { Filter } from 'lucide';
import { Button } from '@/components/ui/button';
import { StaticIcon } from '@/components/ui/static-icon';
import { cn } from '@/lib/utils';

const loadFilterSheet = () => import('@/components/list/filter-sheet').then((m) => m.FilterSheet);
const FilterSheet = dynamic(loadFilterSheet, { ssr: false });

/**
 * A list with a left filter panel (spec 001 §2.1): beside the list from 1280 px wide; below that a Filters button
 * with a badge counting the active filters opens the same panel as a sheet (its code loads on first use).
 * `children` receives that button to place in the list's toolbar.
 */
export function ListWithFilters({
  filters,
  activeCount,
  title = 'Filters',
  description,
  className,
  children,
}: {
  filters: React.ReactNode;
  activeCount: number;
  title?: string;
  /** What the filters do, read to screen-reader users when the sheet opens. */
  description: string;
  className?: string;
  children: (filtersButton: React.ReactNode) => React.ReactNode;
}) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing still animates and focus returns to the button.
  const [used, setUsed] = React.useState(false);
  const preload = () => void loadFilterSheet().catch(() => undefined);
  const button = (
    <Button
      variant="outline"
      className="relative xl:hidden"
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
      onPointerEnter={preload}
      onFocus={preload}
      aria-label={`${title} (${activeCount} active)`}
    >
      <StaticIcon icon={Filter} className="size-4" />
      {title}
      {activeCount > 0 && (
        <span
          aria-hidden
          className="ml-1 rounded-md bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
        >
          {activeCount}
        </span>
      )}
    </Button>
  );
  return (
    <div className={cn('flex min-h-0 min-w-0 flex-1', className)}>
      <aside aria-label={title} className="hidden w-64 shrink-0 border-r border-border p-4 xl:block">
        {filters}
      </aside>
      {used && (
        <FilterSheet open={open} onOpenChange={setOpen} title={title} description={description}>
          {filters}
        </FilterSheet>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-4">{children(button)}</div>
    </div>
  );
}
