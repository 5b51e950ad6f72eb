'use client';

import * as React from 'react';
import { useLiveStatus } from '@/components/live/use-live-connection';
import { useNow } from '@/components/widgets/use-now';
import { cn } from '@/lib/utils';

/** Without new data for this long, while the stream is not live, a wall display says its data is stale. */
export const STALE_AFTER_MS = 60_000;

/** "8s ago", "3 min ago": short enough to read across a room. */
export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m} min ago` : `${Math.floor(m / 60)} h ago`;
}

/**
 * A wall display's freshness line (issue 32): when its data last arrived, ticking, and a stale notice a person
 * across the room sees when neither the stream nor the fallback polling brought data for a minute. The wall's
 * stream is started by its owner (WallStatus, WallPageRefresh), always on.
 */
export function WallFreshness({ updatedAt, className }: { updatedAt: number; className?: string }) {
  const status = useLiveStatus();
  const now = useNow(undefined, true);
  // Rendered after hydration only: a count of seconds would differ between the server's HTML and the browser.
  const [mounted, setMounted] = React.useState(false);
  React.useEffect(() => setMounted(true), []);
  const live = status === 'live';
  const stale = !live && updatedAt > 0 && now - updatedAt > STALE_AFTER_MS;
  return (
    <p
      role="status"
      data-stale={stale || undefined}
      className={cn(
        'text-sm text-muted-foreground',
        stale &&
          'wall-type-lg rounded-md bg-destructive px-[0.6em] py-[0.3em] font-bold text-destructive-foreground',
        className,
      )}
    >
      {!mounted
        ? null
        : stale
          ? `Stale: no new data for ${ago(now - updatedAt).replace(' ago', '')}`
          : live
            ? `Live · updated ${ago(now - updatedAt)}`
            : `Updated ${ago(now - updatedAt)}`}
    </p>
  );
}
