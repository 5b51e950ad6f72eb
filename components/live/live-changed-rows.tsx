'use client';

import * as React from 'react';
import { ChangedRowsContext } from '@/components/data-table/changed-rows';
import { recentChanges } from '@/lib/live/recent-changes';

/** Gives the lists and cards below the ids the tab's change stream named a moment ago, to mark those rows. */
export function LiveChangedRows({ children }: { children: React.ReactNode }) {
  const ids = React.useSyncExternalStore(recentChanges.subscribe, recentChanges.get, recentChanges.getServer);
  return <ChangedRowsContext value={ids}>{children}</ChangedRowsContext>;
}
