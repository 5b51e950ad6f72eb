import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogBackendBody } from '@/lib/operations/endpoints';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { integrationKeys, logBackendKeys, propertyKeys } from '@/lib/operations/queries';

/** Writes of the admin settings screens, apart from the queries so that a list's first load carries no mutation code. */

const endpoints = () => import('@/lib/operations/endpoints');

export type LogBackendWrite = { kind: 'create'; body: LogBackendBody } | { kind: 'update'; id: string; body: Partial<LogBackendBody> };

/** Create or update a log backend; the log-backend and integration lists refetch afterwards. */
export function useSaveLogBackend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: LogBackendWrite) => {
      const e = await endpoints();
      const endpoint = write.kind === 'create' ? e.createLogBackendEndpoint(write.body) : e.updateLogBackendEndpoint(write.id, write.body);
      return (await fetchEndpoint(queryClient, endpoint)).data;
    },
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: logBackendKeys.all }), queryClient.invalidateQueries({ queryKey: integrationKeys.all })]),
  });
}

export type PropertyWrite = { kind: 'create'; name: string; value: string } | { kind: 'update'; name: string; value: string } | { kind: 'delete'; name: string };

/** Add, change or remove a feature flag; the flag lists refetch afterwards. */
export function useWriteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (write: PropertyWrite) => {
      const e = await endpoints();
      const endpoint =
        write.kind === 'create'
          ? e.createPropertyEndpoint({ name: write.name, value: write.value })
          : write.kind === 'update'
            ? e.updatePropertyEndpoint(write.name, { value: write.value })
            : e.deletePropertyEndpoint(write.name);
      return (await fetchEndpoint(queryClient, endpoint)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: propertyKeys.all }),
  });
}
