import { errorText } from '@/lib/backend/error-status';

/** A failed load: a heading (not in compact parts), the backend's message and a way to try again. */
export function LoadFailed({
  title,
  message,
  action,
  compact,
}: {
  title: string;
  message: string;
  action?: React.ReactNode;
  compact?: boolean;
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
      {action}
    </div>
  );
}

export function errorMessage(error: unknown): string {
  return errorText(error) ?? 'An error occurred';
}
