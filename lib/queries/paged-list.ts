import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import type { Counted } from '@/lib/backend/endpoint';

/** The page a server-paged list shows: its rows and the total the backend counted (Prefer: count=exact). */
type Page<T> = Counted<T[]>;

interface PageParams {
  pageIndex: number;
  pageSize: number;
}

/**
 * A server-paged list's query and the page fetcher its CSV export needs, from the list's one query factory: the
 * export fetches other pages through the same cache entries the table reads (the incidents and send-history lists
 * wired this by hand, twice).
 */
export function usePagedListQuery<P extends PageParams, T, K extends QueryKey>(
  list: (params: P) => UseQueryOptions<Page<T>, Error, Page<T>, K>,
  params: P,
  { refetchInterval = false }: { refetchInterval?: number | false } = {},
) {
  // The last page stays (dimmed and inert, PagedList) while the next filter, sort or page loads: no skeleton flash,
  // no pager that vanishes under the pointer (issue 34).
  const query = useQuery({ placeholderData: keepPreviousData, ...list(params), refetchInterval });
  const queryClient = useQueryClient();
  const fetchPage = (pageIndex: number, pageSize: number) =>
    queryClient.fetchQuery(list({ ...params, pageIndex, pageSize }));
  return { query, fetchPage };
}

/** The DataTable props of one server page: its rows and total, sorted and paged by the backend. */
export function serverPageProps<T>(page: Page<T>) {
  return {
    data: page.data,
    rowCount: page.total,
    manualSorting: true,
    manualPagination: true,
    enablePagination: true,
  } as const;
}
