import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectionPayload } from '@/lib/connections/types';
import { connectionEndpoints as endpoints, connectionKeys } from '@/lib/connections/queries';
import { fetchEndpoint } from '@/lib/queries/fetcher';

/** The connections screen's writes, apart from the queries so that the list's first load carries no mutation code. */

/** Create (id absent) or update (only the changed columns); the list and the record refetch afterwards. */
export function useSaveConnection(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ConnectionPayload) => {
      const m = await endpoints();
      const endpoint = id ? m.updateConnectionEndpoint(id, body) : m.createConnectionEndpoint(body);
      return (await fetchEndpoint(queryClient, endpoint)).data[0] ?? null;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

export function useDeleteConnection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const rows = (await fetchEndpoint(queryClient, (await endpoints()).deleteConnectionEndpoint(id))).data;
      // PATCH with a filter that matched nothing answers 200 []: someone else deleted it first.
      if (rows.length === 0) throw new Error('The connection was not found: it may have been deleted already');
      return rows[0];
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.all }),
  });
}

/** What POST /connection/test/{id} answered, as one line: the probe's result, or its error. */
export interface ConnectionTestOutcome {
  ok: boolean;
  text: string;
}

function resultText(payload: unknown): string | undefined {
  // {message:"ok", payload:{payload:{type,name,result}}} (embedded backend); the real backend may send {message} only.
  const inner = (payload as { payload?: { result?: unknown } } | null | undefined)?.payload;
  return typeof inner?.result === 'string' ? inner.result : undefined;
}

export function useTestConnection(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ConnectionTestOutcome> => {
      const answer = (await fetchEndpoint(queryClient, (await endpoints()).testConnectionEndpoint(id))).data;
      return { ok: true, text: resultText(answer.payload) ?? answer.message ?? 'ok' };
    },
  });
}
