'use client';

import { useLiveConnection } from '@/components/live/use-live-connection';
import { WallFreshness } from '@/components/live/wall-freshness';
import { WallHeadline } from '@/components/live/wall-headline';
import { useWallIdle } from '@/components/live/wall-idle';
import { cn } from '@/lib/utils';

const alwaysOn = () => true;

/**
 * The top of a wall display whose data the browser fetches (/view/health): always live (no switch), the headline of
 * what is failing, when the data last arrived, and controls that hide while nobody uses the pointer or keyboard.
 * Rendered on the server, its code loaded after the page (LazyWallStatus).
 */
export function WallStatus({
  updatedAt,
  failing,
  failingCount,
  className,
}: {
  updatedAt: number;
  failing: readonly string[];
  /** How many fail, when the page knows more of them than their names (a board paged by the backend). */
  failingCount?: number;
  className?: string;
}) {
  useLiveConnection(alwaysOn);
  useWallIdle();
  return (
    <div className={cn('flex min-w-0 flex-wrap items-baseline justify-between gap-x-8 gap-y-2', className)}>
      <WallHeadline failing={failing} count={failingCount} className="flex-1" />
      {/* Its room is kept while its text is not there yet (before hydration), and its width does not follow the
          seconds, so the headline beside it never reflows: a line of its own on a phone, a fixed width beside. */}
      <WallFreshness
        updatedAt={updatedAt}
        className="min-h-5 max-sm:basis-full sm:min-w-[13em] sm:text-right"
      />
    </div>
  );
}
