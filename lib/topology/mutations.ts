import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { topologyKeys } from '@/lib/topology/queries';
import { catalogEndpoints } from '@/lib/catalog';

/** The topology screens' writes, apart from the queries so that the dashboard's first load carries no mutation code. */

/** Link or unlink a config by hand (selector_id 'manual'); the component's sections refetch afterwards. */
export function useConfigLinkMutation(componentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ configId, action }: { configId: string; action: 'link' | 'unlink' }) => {
      const catalog = await catalogEndpoints();
      const endpoint = action === 'link' ? catalog.linkConfigEndpoint(componentId, configId) : catalog.unlinkConfigEndpoint(componentId, configId);
      return (await fetchEndpoint(queryClient, endpoint)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: topologyKeys.component(componentId) }),
  });
}
