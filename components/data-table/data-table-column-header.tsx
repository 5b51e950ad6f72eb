'use client';

import * as React from 'react';
import { ArrowUp, ArrowUpDown } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';

/**
 * A sortable column's header: a button that cycles ascending → descending → unsorted, with an arrow that says
 * which. DataTable renders it for every sortable column; the header cell carries aria-sort.
 */
export function DataTableColumnHeader({
  title,
  sorted,
  onToggle,
}: {
  title: React.ReactNode;
  sorted: false | 'asc' | 'desc';
  onToggle: ((event: unknown) => void) | undefined;
}) {
  // One arrow turned for descending: every list's first load carries these drawings.
  const icon = sorted ? ArrowUp : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={onToggle}
      className="-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
    >
      {title}
      <StaticIcon
        icon={icon}
        className={sorted === 'desc' ? 'size-3.5 rotate-180' : sorted ? 'size-3.5' : 'size-3.5 opacity-40'}
      />
    </button>
  );
}
