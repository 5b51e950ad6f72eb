import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChangesFeedInput } from '@/lib/catalog/changes-search';
import { catalogKeys } from '@/lib/catalog/keys';
import { endpointQuery } from '@/lib/queries/fetcher';

/**
 * The change feed's query (/catalog/changes, an item's Changes tab and its count), apart from feed-queries.ts so
 * that these pages and the insights pages do not load each other's queries.
 */

const catalog = () => import('@/lib/catalog/endpoints');
const request = () => import('@/lib/catalog/changes-queries');

/**
 * Keyed by what the request is built from (changesFeedInput): the request, with its time-range parsing, is built
 * when it is sent, so that code is not in the feed's first load.
 */
export const changesFeedQuery = (input: ChangesFeedInput) =>
  queryOptions({
    ...endpointQuery(catalogKeys.changes(input), async () => {
      const [{ catalogChangesEndpoint }, { catalogChangesRequest }] = await Promise.all([
        catalog(),
        request(),
      ]);
      const { values, pageSize, showDeleted, configId } = input;
      return catalogChangesEndpoint(catalogChangesRequest(values, pageSize, showDeleted, configId));
    }),
    placeholderData: keepPreviousData,
  });
