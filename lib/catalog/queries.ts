import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogChangesRequest, CatalogSummaryRequest } from '@/lib/catalog/endpoints';
import type {
  ConfigChecksParams,
  ConfigDetail,
  ConfigListParams,
  InsightListParams,
  RelatedConfigsParams,
} from '@/lib/catalog/configs-endpoints';
import { errorStatus } from '@/lib/backend/error-status';
import { incidentEndpoints } from '@/lib/incidents';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';

/**
 * The catalog's data (issue 16): the grouped summary, the server-paged list, an item and its tabs, the change feed,
 * insights and the filter options; one key factory (the URL → request mappings are catalog-requests.ts).
 */

const configs = () => import('@/lib/catalog/configs-endpoints');
const catalog = () => import('@/lib/catalog/endpoints');

export const catalogKeys = {
  all: ['catalog'] as const,
  summary: (body: CatalogSummaryRequest) => [...catalogKeys.all, 'summary', body] as const,
  list: (p: ConfigListParams) => [...catalogKeys.all, 'list', p] as const,
  item: (id: string) => [...catalogKeys.all, 'item', id] as const,
  changes: (body: CatalogChangesRequest) => [...catalogKeys.all, 'changes', body] as const,
  change: (id: string) => [...catalogKeys.all, 'change', id] as const,
  insights: (p: InsightListParams) => [...catalogKeys.all, 'insights', p] as const,
  insight: (id: string) => [...catalogKeys.all, 'insight', id] as const,
  componentConfigs: (componentId: string) => [...catalogKeys.all, 'component-configs', componentId] as const,
  related: (p: RelatedConfigsParams) => [...catalogKeys.item(p.id), 'related', p] as const,
  /** Every page and sort of an item's checks (a check run refreshes them all). */
  checks: (id: string) => [...catalogKeys.item(id), 'checks'] as const,
  checksPage: (p: ConfigChecksParams) => [...catalogKeys.checks(p.configId), p] as const,
  incidents: (id: string) => [...catalogKeys.item(id), 'incidents'] as const,
  options: (kind: 'types' | 'statuses' | 'labels' | 'tags' | 'change-types' | 'analyzers') =>
    [...catalogKeys.all, 'options', kind] as const,
};

/** Filter options change rarely: five minutes before they are asked for again. */
const OPTIONS_STALE_MS = 5 * 60_000;

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
  changes: (body: CatalogChangesRequest) =>
    queryOptions({
      ...endpointQuery(catalogKeys.changes(body), async () => (await catalog()).catalogChangesEndpoint(body)),
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
  related: (p: RelatedConfigsParams) =>
    endpointQuery(catalogKeys.related(p), async () => (await configs()).relatedConfigsEndpoint(p)),
  checks: (p: ConfigChecksParams) =>
    queryOptions({
      ...countedQuery(catalogKeys.checksPage(p), async () => (await configs()).configChecksEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  configTypes: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('types'), async () => (await configs()).configTypesEndpoint()),
      select: (rows) => values(rows.map((r) => r.type)),
      staleTime: OPTIONS_STALE_MS,
    }),
  statuses: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('statuses'), async () =>
        (await configs()).configStatusesEndpoint(),
      ),
      select: (rows) => values(rows.map((r) => r.status)),
      staleTime: OPTIONS_STALE_MS,
    }),
  labels: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('labels'), async () => (await configs()).configLabelsEndpoint()),
      staleTime: OPTIONS_STALE_MS,
    }),
  tags: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('tags'), async () => (await configs()).configTagsEndpoint()),
      staleTime: OPTIONS_STALE_MS,
    }),
  changeTypes: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('change-types'), async () =>
        (await configs()).changeTypesEndpoint(),
      ),
      select: (rows) => values(rows.map((r) => r.change_type)),
      staleTime: OPTIONS_STALE_MS,
    }),
  analyzers: () =>
    queryOptions({
      ...endpointQuery(catalogKeys.options('analyzers'), async () => (await configs()).analyzersEndpoint()),
      select: (rows) => values(rows.map((r) => r.analyzer)),
      staleTime: OPTIONS_STALE_MS,
    }),
};

function values(list: readonly (string | null | undefined)[]): string[] {
  return [...new Set(list.filter((v): v is string => Boolean(v)))].sort((a, b) => a.localeCompare(b));
}

/** The catalog item a linked resource's source names, or none (the note then shows plain text). */
export const configBySourceQuery = (source: string) =>
  queryOptions({
    ...endpointQuery([...catalogKeys.all, 'by-source', source] as const, async () =>
      (await catalog()).configBySourceEndpoint(source),
    ),
    select: (rows: { id: string; name?: string | null }[]) => rows[0] ?? null,
  });
