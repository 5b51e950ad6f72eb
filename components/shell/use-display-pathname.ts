'use client';

import * as React from 'react';
import { usePathname } from 'next/navigation';

/**
 * The pathname to show: the address the person asked for during hydration (after a middleware rewrite, such as
 * the Unauthorized page, the server's pathname differs from the browser's), then the live pathname.
 */
export function useDisplayPathname(requestPath: string): string {
  const pathname = usePathname();
  const [hydrated, setHydrated] = React.useState(false);
  React.useEffect(() => setHydrated(true), []);
  return hydrated ? pathname : requestPath;
}
