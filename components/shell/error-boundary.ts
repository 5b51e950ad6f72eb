'use client';

import * as React from 'react';

/** What Next.js hands an error boundary (app/(console)/error.tsx, app/global-error.tsx). */
export interface ErrorBoundaryProps {
  error: Error & { digest?: string };
  reset: () => void;
}

export const ERROR_BOUNDARY_TITLE = 'Sorry.. there was an error';

/** Logs the caught error once per error, so a boundary's message on screen has its stack in the console. */
export function useLoggedError(error: Error): string {
  React.useEffect(() => {
    console.error(ERROR_BOUNDARY_TITLE, error);
  }, [error]);
  return error.message || 'Something went wrong';
}
