import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { resourceTableKeys } from '@/lib/resources/queries';
import type { ResourceTableName } from '@/lib/resources/resource-tables';

/** Create, update and soft delete of a generic resource; the table's lists and rows refetch afterwards. */

const endpoints = () => import('@/lib/resources/endpoints');

export type ResourceWrite = { kind: 'create'; body: Record<string, unknown> } | { kind: 'update'; id: string; body: Record<string, unknown> };

export function useSaveResource(table: ResourceTableName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: ResourceWrite) => {
      const e = await endpoints();
      const endpoint = write.kind === 'create' ? e.createResourceEndpoint(table, write.body) : e.updateResourceEndpoint(table, write.id, write.body);
      return (await fetchEndpoint(queryClient, endpoint)).data[0] ?? null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceTableKeys.table(table) }),
  });
}

export function useDeleteResource(table: ResourceTableName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await fetchEndpoint(queryClient, (await endpoints()).deleteResourceEndpoint(table, id))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceTableKeys.table(table) }),
  });
}
