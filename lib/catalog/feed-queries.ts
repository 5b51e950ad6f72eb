import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { InsightListParams } from '@/lib/catalog/configs-endpoints';
import { catalogKeys } from '@/lib/catalog/keys';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';

/**
 * The insights lists (/catalog/insights and an item's tab) and the change and insight dialogs' one row: apart from
 * queries.ts, so that these pages do not load the list's and the item's queries. The change feed's own query is in
 * changes-feed-queries.ts.
 */

const configs = () => import('@/lib/catalog/configs-endpoints');

export const catalogFeedQueries = {
  change: (id: string) =>
    queryOptions({
      ...endpointQuery(catalogKeys.change(id), async () => (await configs()).changeDetailEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  insights: (p: InsightListParams) =>
    queryOptions({
      ...countedQuery(catalogKeys.insights(p), async () => (await configs()).insightListEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  insight: (id: string) =>
    queryOptions({
      ...endpointQuery(catalogKeys.insight(id), async () => (await configs()).insightDetailEndpoint(id)),
      select: (rows) => rows[0] ?? null,
    }),
  componentConfigs: (componentId: string) =>
    queryOptions({
      ...endpointQuery(catalogKeys.componentConfigs(componentId), async () =>
        (await configs()).componentConfigIdsEndpoint(componentId),
      ),
      select: (rows) => rows.map((r) => r.id),
    }),
};
