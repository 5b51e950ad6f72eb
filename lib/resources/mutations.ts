import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { resourceTableKeys } from '@/lib/resources/queries';
import type { ResourceTableName } from '@/lib/resources/resource-tables';

/** Create, update and soft delete of a generic resource; the table's lists and rows refetch afterwards. */

const endpoints = () => import('@/lib/resources/endpoints');

export type ResourceWrite =
  | { kind: 'create'; body: Record<string, unknown> }
  | { kind: 'update'; id: string; body: Record<string, unknown> };

export const useSaveResource = (table: ResourceTableName) =>
  useEndpointMutation({
    mutationFn: async (write: ResourceWrite, run) => {
      const e = await endpoints();
      return (
        (
          await run(
            write.kind === 'create'
              ? e.createResourceEndpoint(table, write.body)
              : e.updateResourceEndpoint(table, write.id, write.body),
          )
        )[0] ?? null
      );
    },
    invalidates: [resourceTableKeys.table(table)],
    // The resource editor's form shows the error.
    errorToast: false,
  });

export const useDeleteResource = (table: ResourceTableName) =>
  useEndpointMutation({
    mutationFn: async (id: string, run) => run((await endpoints()).deleteResourceEndpoint(table, id)),
    invalidates: [resourceTableKeys.table(table)],
  });
