import { errorText } from '@/lib/backend/error-status';
import { requestIdOf } from '@/lib/telemetry/request-id';

/** "Reference: <request id>": what a person quotes to whoever reads the server log. */
function ErrorReference({ error }: { error: unknown }) {
  const id = requestIdOf(error);
  if (!id) return null;
  return (
    <p className="text-xs text-muted-foreground">
      Reference: <code className="select-all">{id}</code>
    </p>
  );
}

/** A failed load: a heading (not in compact parts), the backend's message, its reference and a way to try again. */
export function LoadFailed({
  title,
  message,
  action,
  compact,
  error,
}: {
  title: string;
  message: string;
  action?: React.ReactNode;
  compact?: boolean;
  /** The failure, for its request id (shown as "Reference: …" when it has one). */
  error?: unknown;
}) {
  return (
    <div
      role="alert"
      className={
        compact
          ? 'flex flex-col items-start gap-2 py-1 text-sm'
          : 'm-4 flex flex-col items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4'
      }
    >
      {!compact && <h2 className="font-semibold">{title}</h2>}
      <p className={compact ? 'text-destructive' : 'text-sm'}>{message}</p>
      <ErrorReference error={error} />
      {action}
    </div>
  );
}

export function errorMessage(error: unknown): string {
  return errorText(error) ?? 'An error occurred';
}
