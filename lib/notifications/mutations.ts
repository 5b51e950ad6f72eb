import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationRuleWrite,
  SilenceRequest,
  SilenceUpdate,
} from '@/lib/notifications/endpoints';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { notificationKeys } from '@/lib/notifications/queries';

/** The notification screens' writes, apart from the queries so that the lists' first load carries no mutation code. */

const endpoints = () => import('@/lib/notifications/endpoints');

/** Runs a write, then refreshes every list of the area, so a new or changed row shows at once (upstream §9 #10). */
function useNotificationWrite<V>(
  run: (m: Awaited<ReturnType<typeof endpoints>>, value: V) => Parameters<typeof fetchEndpoint>[1],
  key: readonly unknown[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: V) => (await fetchEndpoint(queryClient, run(await endpoints(), value))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useCreateSilence = () =>
  useNotificationWrite(
    (m, body: SilenceRequest) => m.createSilenceEndpoint(body),
    notificationKeys.silences(),
  );
export const useUpdateSilence = () =>
  useNotificationWrite(
    (m, { id, body }: { id: string; body: SilenceUpdate }) => m.updateSilenceEndpoint(id, body),
    notificationKeys.silences(),
  );
export const useDeleteSilence = () =>
  useNotificationWrite((m, id: string) => m.deleteSilenceEndpoint(id), notificationKeys.silences());
export const useSaveRule = () =>
  useNotificationWrite(
    (m, { id, body }: { id: string | null; body: NotificationRuleWrite }) =>
      id ? m.updateRuleEndpoint(id, body) : m.createRuleEndpoint(body),
    notificationKeys.rules(),
  );
export const useDeleteRule = () =>
  useNotificationWrite((m, id: string) => m.deleteRuleEndpoint(id), notificationKeys.rules());
