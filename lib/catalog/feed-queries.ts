import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChangesFeedInput } from '@/lib/catalog/changes-search';
import type { InsightListParams } from '@/lib/catalog/configs-endpoints';
import { catalogKeys } from '@/lib/catalog/keys';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';

/**
 * The change feed and the insights lists (/catalog/changes, /catalog/insights and an item's tabs) with their
 * dialogs' one row: apart from queries.ts, so that these pages do not load the list's and the item's queries.
 */

const configs = () => import('@/lib/catalog/configs-endpoints');
const catalog = () => import('@/lib/catalog/endpoints');
const changesRequest = () => import('@/lib/catalog/changes-queries');

export const catalogFeedQueries = {
  /** Keyed by what the request is built from: the request, with its time-range parsing, is built when it is sent. */
  changes: (input: ChangesFeedInput) =>
    queryOptions({
      ...endpointQuery(catalogKeys.changes(input), async () => {
        const [{ catalogChangesEndpoint }, { catalogChangesRequest }] = await Promise.all([
          catalog(),
          changesRequest(),
        ]);
        const { values, pageSize, showDeleted, configId } = input;
        return catalogChangesEndpoint(catalogChangesRequest(values, pageSize, showDeleted, configId));
      }),
      placeholderData: keepPreviousData,
    }),
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
