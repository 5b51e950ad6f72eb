import type { LogBackendBody } from '@/lib/operations/endpoints';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { integrationKeys, logBackendKeys, propertyKeys } from '@/lib/operations/queries';

/** Writes of the admin settings screens, apart from the queries so that a list's first load carries no mutation code. */

const endpoints = () => import('@/lib/operations/endpoints');

export type LogBackendWrite =
  { kind: 'create'; body: LogBackendBody } | { kind: 'update'; id: string; body: Partial<LogBackendBody> };

/** Create or update a log backend; the log-backend and integration lists refetch afterwards. */
export const useSaveLogBackend = () =>
  useEndpointMutation({
    mutationFn: async (write: LogBackendWrite, run) => {
      const e = await endpoints();
      return run(
        write.kind === 'create'
          ? e.createLogBackendEndpoint(write.body)
          : e.updateLogBackendEndpoint(write.id, write.body),
      );
    },
    invalidates: [logBackendKeys.all, integrationKeys.all],
    refetchOn: 'success',
    // The log backend form shows the error.
    errorToast: false,
  });

export type PropertyWrite =
  | { kind: 'create'; name: string; value: string }
  | { kind: 'update'; name: string; value: string }
  | { kind: 'delete'; name: string };

/** Add, change or remove a feature flag; the flag lists refetch afterwards. */
export const useWriteProperty = () =>
  useEndpointMutation({
    mutationFn: async (write: PropertyWrite, run) => {
      const e = await endpoints();
      return run(
        write.kind === 'create'
          ? e.createPropertyEndpoint({ name: write.name, value: write.value })
          : write.kind === 'update'
            ? e.updatePropertyEndpoint(write.name, { value: write.value })
            : e.deletePropertyEndpoint(write.name),
      );
    },
    invalidates: [propertyKeys.all],
    refetchOn: 'success',
    // The flag form shows a save's error; a delete toasts.
    errorToast: (write) => write.kind === 'delete',
  });
