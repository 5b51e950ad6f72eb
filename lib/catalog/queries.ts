import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogSummaryRequest } from '@/lib/catalog/endpoints';
import type {
  ConfigChecksParams,
  ConfigDetail,
  ConfigListParams,
  RelatedConfigsParams,
} from '@/lib/catalog/configs-endpoints';
import { catalogKeys } from '@/lib/catalog/keys';
import { errorStatus } from '@/lib/backend/error-status';
import { incidentEndpoints } from '@/lib/incidents';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';

/**
 * The catalog's data (issue 16): the grouped summary, the server-paged list, an item and its tabs' relationships
 * and checks. The change feed and insights are feed-queries.ts, the filter options option-queries.ts, the keys
 * keys.ts (the URL → request mappings are requests.ts).
 */

const configs = () => import('@/lib/catalog/configs-endpoints');
const catalog = () => import('@/lib/catalog/endpoints');

function isMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

export const catalogQueries = {
  summary: (body: CatalogSummaryRequest) =>
    queryOptions({
      ...endpointQuery(catalogKeys.summary(body), async () => (await catalog()).catalogSummaryEndpoint(body)),
      placeholderData: keepPreviousData,
    }),
  list: (p: ConfigListParams) =>
    queryOptions({
      ...countedQuery(catalogKeys.list(p), async () => (await configs()).configListEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  /** An item, or null when there is none with that id (a malformed id is not a failure). */
  item: (id: string) =>
    queryOptions({
      queryKey: catalogKeys.item(id),
      queryFn: async ({ client, signal }): Promise<ConfigDetail | null> => {
        try {
          return (
            (await fetchEndpoint(client, (await configs()).configDetailEndpoint(id), signal)).data[0] ?? null
          );
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      },
    }),
  /** The incidents the item is evidence in (incidents_by_config: the backend lets commanders, responders, admins). */
  incidents: (id: string) =>
    endpointQuery(catalogKeys.incidents(id), async () =>
      (await incidentEndpoints()).configIncidentsEndpoint(id),
    ),
  related: (p: RelatedConfigsParams) =>
    endpointQuery(catalogKeys.related(p), async () => (await configs()).relatedConfigsEndpoint(p)),
  checks: (p: ConfigChecksParams) =>
    queryOptions({
      ...countedQuery(catalogKeys.checksPage(p), async () => (await configs()).configChecksEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
};

/** The catalog item a linked resource's source names, or none (the note then shows plain text). */
export const configBySourceQuery = (source: string) =>
  queryOptions({
    ...endpointQuery([...catalogKeys.all, 'by-source', source] as const, async () =>
      (await catalog()).configBySourceEndpoint(source),
    ),
    select: (rows: { id: string; name?: string | null }[]) => rows[0] ?? null,
  });
