'use client';

import * as React from 'react';
import { BellIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { ConnectionTypeIcon } from '@/components/connections/connection-type-icon';
import { pickerConnectionTypes } from '@/lib/connections/registry';
import type { ConnectionTypeDef } from '@/lib/connections/types';

/** The grid of connection types (spec 001 §3.2): sorted by title, jmeter hidden, notification targets marked. */
export function ConnectionTypePicker({ onPick }: { onPick: (def: ConnectionTypeDef) => void }) {
  const [filter, setFilter] = React.useState('');
  const types = React.useMemo(() => pickerConnectionTypes(), []);
  const shown =
    filter.trim() === ''
      ? types
      : types.filter((t) => t.title.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <div className="flex flex-col gap-3">
      <Input
        type="search"
        aria-label="Filter connection types"
        placeholder="Filter connection types"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        className="max-w-xs"
      />
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        <BellIcon className="size-3.5" aria-hidden /> marks types that can receive notifications.
      </p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label="Connection types">
        {shown.map((def) => (
          <li key={def.value}>
            <button
              type="button"
              onClick={() => onPick(def)}
              className="relative flex h-full w-full flex-col items-center gap-2 rounded-md border border-border p-3 text-center text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              <ConnectionTypeIcon type={def.value} className="size-6" />
              <span>{def.title}</span>
              {def.notification ? (
                <span
                  className="absolute right-1.5 top-1.5 text-muted-foreground"
                  title="Can receive notifications"
                >
                  <BellIcon className="size-3.5" aria-hidden />
                  <span className="sr-only">(notifications)</span>
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
      {shown.length === 0 ? (
        <p className="text-sm text-muted-foreground">No connection type matches “{filter.trim()}”.</p>
      ) : null}
    </div>
  );
}
