'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useLiveConnection, useLiveStatus } from '@/components/live/use-live-connection';
import { WallFreshness } from '@/components/live/wall-freshness';
import type { LiveEvent } from '@/lib/live/invalidation';

const alwaysOn = () => true;

/** How often a wall rendered on the server re-renders while the stream is not live (the polling fallback). */
export const WALL_POLL_MS = 30_000;

/**
 * Keeps a wall display rendered on the server alone (/view/topology/{id}: no query client in the browser) live: the
 * page re-renders on the server when the stream names a kind it shows (or resets), and every WALL_POLL_MS while the
 * stream is not live. `renderedAt` is the server's time of the last render that had its data (undefined when it
 * failed), so the freshness line turns stale when neither path brings data for a minute. Loaded after the page.
 */
export function WallPageRefresh({
  renderedAt,
  kinds,
  className,
}: {
  renderedAt: number | undefined;
  kinds: readonly string[];
  className?: string;
}) {
  const router = useRouter();
  const onChanges = React.useCallback(
    (events: readonly LiveEvent[]) => {
      if (events.some((e) => e.op === 'reset' || kinds.includes(e.kind))) router.refresh();
    },
    [kinds, router],
  );
  useLiveConnection(alwaysOn, onChanges);
  const live = useLiveStatus() === 'live';
  React.useEffect(() => {
    if (live) return;
    const timer = window.setInterval(() => router.refresh(), WALL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [live, router]);
  // A render without its data keeps the time of the last one that had it.
  const [updatedAt, setUpdatedAt] = React.useState(renderedAt ?? 0);
  React.useEffect(() => {
    if (renderedAt) setUpdatedAt(renderedAt);
  }, [renderedAt]);
  return <WallFreshness updatedAt={updatedAt} className={className} />;
}
