import { isOffline, NETWORK_MESSAGES } from '@/lib/queries/api-config';
import { requestIdOf } from '@/lib/telemetry/request-id';

/** A warning sign drawn here rather than taken from the icon set: error boundaries are in every page's first load. */
function WarningSign({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden
    >
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 9v5" />
      <path d="M12 17h.01" />
    </svg>
  );
}

/**
 * The generic error panel (spec 001 §8): the message or 'Something went wrong', the request id to quote
 * ("Reference: …") when the error has one, plus stack and cause unless hidden.
 */
export function ErrorPanel({
  error,
  title,
  hideDetails = false,
  children,
}: {
  error?: unknown;
  title?: string;
  hideDetails?: boolean;
  children?: React.ReactNode;
}) {
  const err = error instanceof Error ? error : undefined;
  // Offline, what failed is almost always a screen's code or data that could not come (a navigation's chunk): say
  // so in the spec's words rather than 'Failed to load chunk …' (issue 34).
  const message = isOffline()
    ? NETWORK_MESSAGES.offline
    : err?.message || (typeof error === 'string' ? error : '') || 'Something went wrong';
  const reference = requestIdOf(error);
  const cause =
    err?.cause instanceof Error ? err.cause.message : typeof err?.cause === 'string' ? err.cause : undefined;
  return (
    <div role="alert" className="m-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <div className="flex items-start gap-3">
        <WarningSign className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="min-w-0 flex-1 space-y-2">
          {title && <h2 className="font-semibold">{title}</h2>}
          <p className="text-sm">{message}</p>
          {reference && (
            <p className="text-xs text-muted-foreground">
              Reference: <code className="select-all">{reference}</code>
            </p>
          )}
          {!hideDetails && cause && <p className="text-xs text-muted-foreground">Cause: {cause}</p>}
          {!hideDetails && err?.stack && (
            <details className="text-xs">
              <summary className="cursor-pointer text-muted-foreground">Details</summary>
              <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-muted p-2">
                {err.stack}
              </pre>
            </details>
          )}
          {children}
        </div>
      </div>
    </div>
  );
}
