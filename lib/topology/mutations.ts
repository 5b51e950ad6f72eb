import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { topologyKeys } from '@/lib/topology/queries';
import { catalogEndpoints } from '@/lib/catalog';

/** The topology screens' writes, apart from the queries so that the dashboard's first load carries no mutation code. */

/** Link or unlink a config by hand (selector_id 'manual'); the component's sections refetch afterwards. */
export const useConfigLinkMutation = (componentId: string) =>
  useEndpointMutation({
    mutationFn: async ({ configId, action }: { configId: string; action: 'link' | 'unlink' }, run) => {
      const catalog = await catalogEndpoints();
      return run(
        action === 'link'
          ? catalog.linkConfigEndpoint(componentId, configId)
          : catalog.unlinkConfigEndpoint(componentId, configId),
      );
    },
    invalidates: [topologyKeys.component(componentId)],
  });
