'use client';

import {
  ERROR_BOUNDARY_TITLE,
  type ErrorBoundaryProps,
  useLoggedError,
} from '@/components/shell/error-boundary';
import './globals.css';

/** Last-resort boundary when the root layout itself fails: never a blank page. */
export default function GlobalError({ error, reset }: ErrorBoundaryProps) {
  const message = useLoggedError(error);
  return (
    <html lang="en">
      <body className="flex min-h-screen items-center justify-center p-6">
        <div role="alert" className="max-w-lg space-y-3 text-center">
          <h1 className="text-xl font-semibold">{ERROR_BOUNDARY_TITLE}</h1>
          <p className="text-sm text-muted-foreground">{message}</p>
          <button type="button" className="rounded-md border px-3 py-1.5 text-sm" onClick={reset}>
            Try again
          </button>
        </div>
      </body>
    </html>
  );
}
