import type { NotificationRuleWrite, SilenceRequest, SilenceUpdate } from '@/lib/notifications/endpoints';
import type { Endpoint } from '@/lib/backend/endpoint';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { notificationKeys } from '@/lib/notifications/queries';

/** The notification screens' writes, apart from the queries so that the lists' first load carries no mutation code. */

const endpoints = () => import('@/lib/notifications/endpoints');

/**
 * Runs a write, then refreshes every list of the area, so a new or changed row shows at once (upstream §9 #10).
 * Saves come from forms, which show their errors; deletes toast theirs.
 */
function useNotificationWrite<V, R>(
  write: (m: Awaited<ReturnType<typeof endpoints>>, value: V) => Endpoint<R>,
  key: readonly unknown[],
  errorToast = false,
) {
  return useEndpointMutation({
    mutationFn: async (value: V, run) => run(write(await endpoints(), value)),
    invalidates: [key],
    refetchOn: 'success',
    errorToast,
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
  useNotificationWrite((m, id: string) => m.deleteSilenceEndpoint(id), notificationKeys.silences(), true);
export const useSaveRule = () =>
  useNotificationWrite(
    (m, { id, body }: { id: string | null; body: NotificationRuleWrite }) =>
      id ? m.updateRuleEndpoint(id, body) : m.createRuleEndpoint(body),
    notificationKeys.rules(),
  );
export const useDeleteRule = () =>
  useNotificationWrite((m, id: string) => m.deleteRuleEndpoint(id), notificationKeys.rules(), true);
