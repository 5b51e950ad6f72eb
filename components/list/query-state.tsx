'use client';

import * as React from 'react';
import dynamic from 'next/dynamic';
import { EmptyState } from '@/components/shell/empty-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isForbiddenError } from '@/lib/backend/error-status';
import { defaultIsEmpty } from './empty';
import { errorMessage, LoadFailed } from './load-failed';

// A 403 comes from a server that answered, so its state may load then (server-rendered when the page starts with it);
// the error and empty states stay in the bundle, as they must show offline too.
const Unauthorized = dynamic(() => import('@/components/shell/unauthorized').then((m) => m.Unauthorized));

/** The default loading skeleton: a few bars shaped like rows. */
export function RowsSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading" className="space-y-2 py-1">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-8 w-full" />
      ))}
    </div>
  );
}

export interface QueryStateProps<T> {
  /** A useQuery result (or one with its data mapped, e.g. to the filtered rows). */
  query: { data: T | undefined; error: unknown; isError: boolean; refetch: () => unknown };
  /** The screen's empty text, e.g. 'No data available'. */
  empty: string;
  /** Default: no value, an empty array, or a page whose `data` array is empty (defaultIsEmpty). */
  isEmpty?: (data: T) => boolean;
  /** Shown while the first load runs (default: rows of bars). */
  skeleton?: React.ReactNode;
  /** The heading of the error state, e.g. 'The health checks could not be loaded'. */
  errorTitle: string;
  /** A part of a page (a panel section): the compact error. */
  compact?: boolean;
  /** The data, never null (null reads as empty). */
  children: (data: NonNullable<T>) => React.ReactNode;
}

/**
 * The body of one query, in the states every screen shows the same way: the loading skeleton; a 403 as the
 * compact Unauthorized state; an error with the backend's message and Retry; the screen's empty text; the data.
 * When a refresh fails after data was shown, the data stays with a note above it. Parts a server component renders
 * use its twin, ServerState (server-state.tsx).
 */
export function QueryState<T>({
  query,
  empty,
  isEmpty = defaultIsEmpty,
  skeleton,
  errorTitle,
  compact = false,
  children,
}: QueryStateProps<T>) {
  const { data, error } = query;
  if (data === undefined) {
    if (query.isError) {
      if (isForbiddenError(error)) return <Unauthorized compact />;
      const retry = (
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Retry
        </Button>
      );
      return (
        <LoadFailed
          title={errorTitle}
          message={errorMessage(error)}
          action={retry}
          compact={compact}
          error={error}
        />
      );
    }
    return <>{skeleton ?? <RowsSkeleton />}</>;
  }
  const body =
    data !== null && !isEmpty(data) ? (
      children(data as NonNullable<T>)
    ) : compact ? (
      <p className="py-1 text-sm text-muted-foreground">{empty}</p>
    ) : (
      <EmptyState title={empty} />
    );
  if (!query.isError) return <>{body}</>;
  return (
    <>
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-2 text-sm">
        Refreshing failed: {errorMessage(error)}. Showing the last loaded data.
      </p>
      {body}
    </>
  );
}
