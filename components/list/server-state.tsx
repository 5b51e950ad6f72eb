import { EmptyState } from '@/components/shell/empty-state';
import { Unauthorized } from '@/components/shell/unauthorized';
import { isForbiddenError } from '@/lib/backend/error-status';
import type { Loaded } from '@/lib/queries/loaded';
import { defaultIsEmpty } from './empty';
import { RetryButton } from './retry-button';

/**
 * The server twin of QueryState for parts a server component renders from a backend read (`loadSafely`): a 403
 * as the compact Unauthorized state, an error with the backend's message and Retry (a new server render), the
 * screen's empty text, the data.
 */
export function ServerState<T>({
  result,
  empty,
  isEmpty = defaultIsEmpty,
  errorTitle,
  compact = false,
  children,
}: {
  result: Loaded<T>;
  empty: string;
  isEmpty?: (data: T) => boolean;
  errorTitle: string;
  compact?: boolean;
  /** The data, never null (null reads as empty). */
  children: (data: NonNullable<T>) => React.ReactNode;
}) {
  if (!result.ok) {
    if (isForbiddenError(result.error)) return <Unauthorized compact />;
    const message =
      result.error instanceof Error && result.error.message ? result.error.message : 'An error occurred';
    return (
      <div
        role="alert"
        className={
          compact
            ? 'flex flex-col items-start gap-2 py-1 text-sm'
            : 'm-4 flex flex-col items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4'
        }
      >
        {!compact && <h2 className="font-semibold">{errorTitle}</h2>}
        <p className={compact ? 'text-destructive' : 'text-sm'}>{message}</p>
        <RetryButton />
      </div>
    );
  }
  if (result.data === null || isEmpty(result.data))
    return compact ? (
      <p className="py-1 text-sm text-muted-foreground">{empty}</p>
    ) : (
      <EmptyState title={empty} />
    );
  return <>{children(result.data as NonNullable<T>)}</>;
}
