'use client';

import * as React from 'react';
import { WallStatus as ServerWallStatus } from '@/components/live/wall-status';
import { afterPageLoad } from '@/components/widgets/use-after-load';

type WallStatusProps = React.ComponentProps<typeof ServerWallStatus>;

/**
 * The wall display's headline, freshness line and idle controls (/view/health). The server renders them in the first
 * HTML (they used to be added after the load event, pushing the list down by their height: a layout shift of 0.4 on
 * a phone, issue 34); the browser keeps that HTML as it is until their code, fetched a moment after the load event,
 * takes over, so it is in no first load (/health never pays: the bundler drops the server branch and its import).
 * Not a Suspense boundary: React streams those after the page, which is the shift again on a slow phone.
 */
export function LazyWallStatus({ className, ...props }: WallStatusProps) {
  const [Loaded, setLoaded] = React.useState<typeof ServerWallStatus | null>(null);
  React.useEffect(
    () =>
      afterPageLoad(() => {
        // Offline before its code came, the server's status stays as it was.
        void import('@/components/live/wall-status').then(
          (m) => setLoaded(() => m.WallStatus),
          () => undefined,
        );
      }),
    [],
  );
  if (typeof window === 'undefined') {
    return (
      <div className={className}>
        <ServerWallStatus {...props} />
      </div>
    );
  }
  return Loaded ? (
    <div className={className}>
      <Loaded {...props} />
    </div>
  ) : (
    // Hydration leaves an element with inner HTML of its own as the server sent it: the status stays on screen.
    <div className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
  );
}
