import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PermissionPicker } from '@/lib/access/permissions-endpoints';
import type { PermissionBody, PermissionsListParams } from '@/lib/access/permission-model';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { countedQuery, endpointQuery } from '@/lib/queries/fetcher';

/** Permissions: the server-paged list, the dialog's pickers, and add / edit / delete (each refreshes every list). */

const endpoints = () => import('@/lib/access/permissions-endpoints');

export const permissionKeys = {
  all: ['permissions'] as const,
  list: (p: PermissionsListParams) => [...permissionKeys.all, 'list', p] as const,
  picker: (picker: PermissionPicker) => ['permission-pickers', picker] as const,
};

export const permissionQueries = {
  list: (p: PermissionsListParams) =>
    queryOptions({
      ...countedQuery(permissionKeys.list(p), async () => (await endpoints()).permissionsListEndpoint(p)),
      placeholderData: keepPreviousData,
    }),
  picker: (picker: PermissionPicker) =>
    queryOptions({
      ...endpointQuery(permissionKeys.picker(picker), async () => (await endpoints()).pickerEndpoint(picker)),
      staleTime: 60_000,
    }),
};

export type PermissionWrite =
  | { kind: 'create'; body: PermissionBody }
  | { kind: 'update'; id: string; body: PermissionBody }
  | { kind: 'delete'; id: string };

/** One mutation for the dialog's Save and Delete; every permissions list refetches afterwards. */
export const usePermissionWrite = () =>
  useEndpointMutation({
    mutationFn: async (write: PermissionWrite, run) => {
      const e = await endpoints();
      return run(
        write.kind === 'create'
          ? e.createPermissionEndpoint(write.body)
          : write.kind === 'update'
            ? e.updatePermissionEndpoint(write.id, write.body)
            : e.deletePermissionEndpoint(write.id),
      );
    },
    invalidates: [permissionKeys.all],
    // The dialog's form shows a save's error; a delete toasts.
    errorToast: (write) => write.kind === 'delete',
  });
