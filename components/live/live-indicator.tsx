'use client';

import * as React from 'react';
import { useLiveConnection, useLiveStatus } from '@/components/live/use-live-connection';
import { liveLabel } from '@/lib/live/label';
import { onLiveEnabledChange, readLiveEnabled, writeLiveEnabled } from '@/lib/live/preference';
import { liveStatusStore } from '@/lib/live/status-store';
import { cn } from '@/lib/utils';

const DOT: Record<ReturnType<typeof liveLabel>, string> = {
  Live: 'bg-emerald-500',
  Reconnecting: 'bg-amber-500 motion-safe:animate-pulse',
  Polling: 'bg-sky-500',
  Paused: 'bg-muted-foreground/50',
};

const HINT: Record<ReturnType<typeof liveLabel>, string> = {
  Live: 'Changes appear as they happen',
  Reconnecting: 'Reconnecting to the change stream',
  Polling: 'No change stream: screens refresh at their refresh rate',
  Paused: 'Live updates are paused',
};

/** The header's live indicator and its one switch (issue 32); loaded after the page by LiveSlot. */
export function LiveIndicator() {
  const status = useLiveStatus();
  const [enabled, setEnabled] = React.useState(true);
  const connection = useLiveConnection(readLiveEnabled);

  React.useEffect(() => {
    const on = readLiveEnabled();
    setEnabled(on);
    if (!on) liveStatusStore.set('off');
  }, []);

  // The switch and the palette's "Live updates" action both write the setting; this applies either.
  React.useEffect(
    () =>
      onLiveEnabledChange((next) => {
        setEnabled(next);
        if (connection.current) connection.current.setEnabled(next);
        else liveStatusStore.set(next ? 'connecting' : 'off');
      }),
    [connection],
  );

  const toggle = () => writeLiveEnabled(!enabled);
  const label = liveLabel(status);

  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      title={HINT[label]}
      data-live-status={status}
      onClick={toggle}
      className="inline-flex h-8 items-center gap-1.5 rounded-full border px-2.5 text-xs font-medium text-muted-foreground hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span aria-hidden className={cn('size-2 rounded-full', DOT[label])} />
      {/* The name carries the visible word (WCAG 2.5.3): "Live updates: Paused". */}
      <span className="sr-only">Live updates: </span>
      <span>{label}</span>
    </button>
  );
}
