import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  componentChangesEndpoint,
  componentChecksEndpoint,
  componentConfigsEndpoint,
  componentIncidentsEndpoint,
  componentInsightsEndpoint,
  componentPlaybookRunsEndpoint,
  componentTeamsEndpoint,
  configSearchEndpoint,
  linkConfigEndpoint,
  topologyDetailsEndpoint,
  unlinkConfigEndpoint,
} from '@/lib/backend/endpoints/topology';
import { apiRequest, apiRequestWithCount } from '@/lib/queries/api-fetch';
import { topologyKeys } from '@/lib/queries/topology-keys';

/** Hooks of the component page's side panel; every section query is disabled until its section is open. */
export { topologyKeys };

export const topologyQueries = {
  details: (topologyId: string) =>
    queryOptions({
      queryKey: topologyKeys.topologyDetails(topologyId),
      queryFn: async ({ signal }) => (await apiRequest(topologyDetailsEndpoint(topologyId), { signal }))[0] ?? null,
    }),
  configs: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'configs'),
      queryFn: ({ signal }) => apiRequest(componentConfigsEndpoint(id), { signal }),
    }),
  incidents: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'incidents'),
      queryFn: ({ signal }) => apiRequest(componentIncidentsEndpoint(id), { signal }),
    }),
  changes: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'changes'),
      queryFn: ({ signal }) => apiRequestWithCount(componentChangesEndpoint(id), { signal }),
    }),
  checks: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'checks'),
      queryFn: ({ signal }) => apiRequest(componentChecksEndpoint(id), { signal }),
    }),
  playbookRuns: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'playbook-runs'),
      queryFn: ({ signal }) => apiRequestWithCount(componentPlaybookRunsEndpoint(id), { signal }),
    }),
  teams: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'teams'),
      queryFn: ({ signal }) => apiRequest(componentTeamsEndpoint(id), { signal }),
    }),
  insights: (id: string) =>
    queryOptions({
      queryKey: topologyKeys.section(id, 'insights'),
      queryFn: ({ signal }) => apiRequestWithCount(componentInsightsEndpoint(id), { signal }),
    }),
  configSearch: (term: string) =>
    queryOptions({
      queryKey: topologyKeys.configSearch(term),
      queryFn: ({ signal }) => apiRequest(configSearchEndpoint(term), { signal }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
};

export function useConfigSearch(term: string, enabled: boolean) {
  return useQuery({ ...topologyQueries.configSearch(term), enabled });
}

/** Link or unlink a config by hand (selector_id 'manual'); the configs section refetches afterwards. */
export function useConfigLinkMutation(componentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ configId, action }: { configId: string; action: 'link' | 'unlink' }) =>
      apiRequest(action === 'link' ? linkConfigEndpoint(componentId, configId) : unlinkConfigEndpoint(componentId, configId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: topologyKeys.component(componentId) }),
  });
}
