import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TopologyComponent, TopologyTreeParams } from '@/lib/topology/endpoints';
import { errorStatus } from '@/lib/backend/error-status';
import { countedQuery, endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';
import { orOfflineFailure } from '@/lib/queries/api-config';
import { withConfigNames } from '@/lib/topology/insights';
import { catalogEndpoints, changeEndpoints, insightEndpoints } from '@/lib/catalog';
import { incidentEndpoints } from '@/lib/incidents';
import { teamEndpoints } from '@/lib/access';

/**
 * The topology screens' data: the component tree (the dashboard's roots, a component with its children), the
 * filter bar's agents and labels, breadcrumb names, and the side panel's sections, which load when opened. Keys are
 * distinct per shape (upstream §9.15 shared one key between the tree and the name lookup).
 */

const topology = () => import('@/lib/topology/endpoints');
const resourceNames = () => import('@/lib/backend/endpoints/resource-names');

export const topologyKeys = {
  all: ['topology'] as const,
  tree: (params: TopologyTreeParams) => [...topologyKeys.all, 'tree', params] as const,
  component: (id: string) => [...topologyKeys.all, 'component', id] as const,
  names: (ids: readonly string[]) => [...topologyKeys.all, 'names', ...ids] as const,
  labels: () => [...topologyKeys.all, 'labels'] as const,
  section: (id: string, section: string) => [...topologyKeys.component(id), 'section', section] as const,
  topologyDetails: (topologyId: string) => [...topologyKeys.all, 'topology-details', topologyId] as const,
  configSearch: (term: string) => [...topologyKeys.all, 'config-search', term] as const,
};

function isMissing(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 404 || status === 400;
}

export const topologyQueries = {
  tree: (params: TopologyTreeParams) =>
    endpointQuery(topologyKeys.tree(params), async () => (await topology()).topologyTreeEndpoint(params)),
  /**
   * A component with its descendants, unfiltered (asked for by id, so it shows even when hidden; filters apply to
   * its children on this side); null when there is no such component (a malformed or unknown id is not a failure).
   */
  component: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.component(id),
      queryFn: async ({ client, signal }): Promise<TopologyComponent | null> => {
        try {
          const { data } = await fetchEndpoint(
            client,
            (await topology()).topologyTreeEndpoint({ id }),
            signal,
          );
          const components = data.components ?? [];
          return components.find((c) => c.id === id) ?? components[0] ?? null;
        } catch (error) {
          if (isMissing(error)) return null;
          throw error;
        }
      },
    }),
  /** The component a linked resource's source names, or null (the note then shows plain text). */
  bySource: (source: string) =>
    queryOptions({
      ...endpointQuery([...topologyKeys.all, 'by-source', source] as const, async () =>
        (await topology()).componentBySourceEndpoint(source),
      ),
      select: (rows: { id: string; name?: string | null }[]) => rows[0] ?? null,
    }),
  names: (ids: readonly string[]) =>
    endpointQuery(topologyKeys.names(ids), async () => (await topology()).componentNamesEndpoint(ids)),
  labels: () =>
    endpointQuery(topologyKeys.labels(), async () => (await topology()).componentLabelsEndpoint()),
  details: (topologyId: string) =>
    queryOptions({
      ...endpointQuery(topologyKeys.topologyDetails(topologyId), async () =>
        (await topology()).topologyDetailsEndpoint(topologyId),
      ),
      select: (rows) => rows[0] ?? null,
    }),
  configs: (id: string) =>
    endpointQuery(topologyKeys.section(id, 'configs'), async () =>
      (await catalogEndpoints()).componentConfigsEndpoint(id),
    ),
  incidents: (id: string) =>
    endpointQuery(topologyKeys.section(id, 'incidents'), async () =>
      (await incidentEndpoints()).componentIncidentsEndpoint(id),
    ),
  changes: (id: string) =>
    countedQuery(topologyKeys.section(id, 'changes'), async () =>
      (await changeEndpoints()).componentChangesEndpoint(id),
    ),
  checks: (id: string) =>
    endpointQuery(topologyKeys.section(id, 'checks'), async () =>
      (await topology()).componentChecksEndpoint(id),
    ),
  teams: (id: string) =>
    endpointQuery(topologyKeys.section(id, 'teams'), async () =>
      (await teamEndpoints()).componentTeamsEndpoint(id),
    ),
  /** The component's open insights (rpc/lookup_analysis_by_component) with their configs' names (config_names). */
  insights: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'insights'),
      queryFn: async ({ client, signal }) => {
        const page = await fetchEndpoint(
          client,
          (await orOfflineFailure(insightEndpoints)).componentInsightsEndpoint(id),
          signal,
        );
        const ids = [...new Set(page.data.flatMap((a) => (a.config_id ? [a.config_id] : [])))].sort();
        const names = ids.length
          ? (
              await fetchEndpoint(
                client,
                (await orOfflineFailure(resourceNames)).resourceNamesEndpoint('configs', ids),
                signal,
              )
            ).data
          : [];
        return { data: withConfigNames(page.data, names), total: page.total };
      },
    }),
  configSearch: (term: string) =>
    queryOptions({
      ...endpointQuery(topologyKeys.configSearch(term), async () =>
        (await catalogEndpoints()).configSearchEndpoint(term),
      ),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

export function useConfigSearch(term: string, enabled: boolean) {
  return useQuery({ ...topologyQueries.configSearch(term), enabled });
}
