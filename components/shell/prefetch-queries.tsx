import 'server-only';
import { HydrationBoundary, type FetchQueryOptions, type QueryClient } from '@tanstack/react-query';
import { QueryProvider } from '@/components/shell/query-provider';
import { prefetchQueries } from '@/lib/queries/server';

/**
 * A data screen's server half of the data path: runs the screen's queries (the same query options the browser
 * uses) against this request's backend and hands the answers to the browser's cache, so that the first HTML
 * already shows the data and the browser does not fetch it again. Wrap the screen's client component in it.
 */
export async function PrefetchQueries({
  queries,
  dependent,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queries: readonly FetchQueryOptions<any, any, any, any>[];
  /** Queries that need the first ones' answers: read them with client.getQueryData and prefetch more. */
  dependent?: (client: QueryClient) => Promise<unknown>;
  children: React.ReactNode;
}) {
  const state = await prefetchQueries(queries, dependent);
  return (
    <QueryProvider>
      <HydrationBoundary state={state}>{children}</HydrationBoundary>
    </QueryProvider>
  );
}
