'use client';

import {
  ERROR_BOUNDARY_TITLE,
  type ErrorBoundaryProps,
  useLoggedError,
} from '@/components/shell/error-boundary';

/**
 * Error boundary of the console pages: keeps the shell, logs the error, shows the message (details on demand) and
 * offers a retry. Plain elements: it is part of every console page's first load.
 */
export default function ConsoleError({ error, reset }: ErrorBoundaryProps) {
  const message = useLoggedError(error);
  return (
    <div role="alert" className="m-4 space-y-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <h2 className="font-semibold">{ERROR_BOUNDARY_TITLE}</h2>
      <p className="text-sm">{message}</p>
      {error.stack && (
        <details className="text-xs">
          <summary className="cursor-pointer text-muted-foreground">Details</summary>
          <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-muted p-2">
            {error.stack}
          </pre>
        </details>
      )}
      <button
        type="button"
        onClick={reset}
        className="rounded-md border border-input px-3 py-1.5 text-sm hover:bg-accent"
      >
        Try again
      </button>
    </div>
  );
}
