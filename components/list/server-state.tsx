import { EmptyState } from '@/components/shell/empty-state';
import { Unauthorized } from '@/components/shell/unauthorized';
import { isForbiddenError } from '@/lib/backend/error-status';
import type { Loaded } from '@/lib/queries/loaded';
import { defaultIsEmpty } from './empty';
import { errorMessage, LoadFailed } from './load-failed';
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
    return (
      <LoadFailed
        title={errorTitle}
        message={errorMessage(result.error)}
        error={result.error}
        action={<RetryButton />}
        compact={compact}
      />
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
