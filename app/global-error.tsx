'use client';

import * as React from 'react';
import './globals.css';

/** Last-resort boundary when the root layout itself fails: never a blank page. */
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  React.useEffect(() => {
    console.error('Sorry.. there was an error', error);
  }, [error]);
  return (
    <html lang="en">
      <body className="flex min-h-screen items-center justify-center p-6">
        <div role="alert" className="max-w-lg space-y-3 text-center">
          <h1 className="text-xl font-semibold">Sorry.. there was an error</h1>
          <p className="text-sm text-muted-foreground">{error.message || 'Something went wrong'}</p>
          <button type="button" className="rounded-md border px-3 py-1.5 text-sm" onClick={reset}>
            Try again
          </button>
        </div>
      </body>
    </html>
  );
}
