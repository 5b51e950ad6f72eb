'use client';

import * as React from 'react';

/**
 * The rows of the last filter, sort or page while the next load: said, dimmed and not clickable, so a click never
 * lands on a row about to be replaced (issue 34). One tree either way, so the list inside is never remounted.
 */
export function BusyRows({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <div className="relative" aria-busy={busy || undefined}>
      {busy && (
        <div
          role="progressbar"
          aria-label="Loading"
          className="absolute inset-x-0 top-0 z-10 h-0.5 animate-pulse bg-primary"
        />
      )}
      <div inert={busy} className={busy ? 'opacity-60 transition-opacity' : undefined}>
        {children}
      </div>
    </div>
  );
}
