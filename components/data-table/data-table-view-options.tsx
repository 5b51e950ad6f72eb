'use client';

import * as React from 'react';
import { Columns3 } from 'lucide';
import { StaticIcon } from '@/components/ui/static-icon';
import type { DataTableColumnMeta } from './features/meta';

interface ViewColumn {
  id: string;
  columnDef: { header?: unknown; meta?: DataTableColumnMeta };
  getCanHide?: () => boolean;
  getIsVisible?: () => boolean;
  toggleVisibility?: (value?: boolean) => void;
}

/**
 * The column chooser: a disclosure with a checkbox per hideable column. Native elements (no menu library), so
 * every list can carry it at no cost to its first load.
 */
export function DataTableViewOptions({ table }: { table: unknown }) {
  const [open, setOpen] = React.useState(false);
  // Opened before hydration (a summary works without JavaScript), its toggle event came before React listened.
  const details = React.useRef<HTMLDetailsElement>(null);
  React.useLayoutEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const columns = (table as { getAllLeafColumns: () => ViewColumn[] })
    .getAllLeafColumns()
    .filter((c) => c.getCanHide?.());
  if (columns.length === 0) return null;
  return (
    // The options are rendered only while open: Chromium lays out a closed disclosure's content (content-visibility), so its labels would sit over the table.
    <details ref={details} className="relative" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
        <StaticIcon icon={Columns3} className="size-4" />
        Columns
      </summary>
      {open && (
        <fieldset className="absolute right-0 z-20 mt-1 w-48 space-y-1 rounded-md border border-border bg-popover p-2 text-sm shadow-md">
          <legend className="sr-only">Visible columns</legend>
          {columns.map((c) => {
            const label =
              c.columnDef.meta?.label ?? (typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id);
            return (
              <label key={c.id} className="flex items-center gap-2 rounded-sm px-1 py-0.5 hover:bg-accent">
                <input
                  type="checkbox"
                  checked={c.getIsVisible?.() ?? true}
                  onChange={(e) => c.toggleVisibility?.(e.target.checked)}
                />
                {label}
              </label>
            );
          })}
        </fieldset>
      )}
    </details>
  );
}
