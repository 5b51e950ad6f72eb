import type { ConnectionPayload } from '@/lib/connections/types';
import { connectionEndpoints as endpoints, connectionKeys } from '@/lib/connections/queries';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';

/** The connections screen's writes, apart from the queries so that the list's first load carries no mutation code. */

/** Create (id absent) or update (only the changed columns); the list and the record refetch afterwards. */
export const useSaveConnection = (id: string | undefined) =>
  useEndpointMutation({
    mutationFn: async (body: ConnectionPayload, run) => {
      const m = await endpoints();
      return (
        (await run(id ? m.updateConnectionEndpoint(id, body) : m.createConnectionEndpoint(body)))[0] ?? null
      );
    },
    invalidates: [connectionKeys.all],
    // The connection form places the error under its fields.
    errorToast: false,
  });

export const useDeleteConnection = (id: string) =>
  useEndpointMutation({
    mutationFn: async (_: void, run) => {
      const rows = await run((await endpoints()).deleteConnectionEndpoint(id));
      // PATCH with a filter that matched nothing answers 200 []: someone else deleted it first.
      if (rows.length === 0)
        throw new Error('The connection was not found: it may have been deleted already');
      return rows[0];
    },
    invalidates: [connectionKeys.all],
  });

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

export const useTestConnection = (id: string) =>
  useEndpointMutation({
    mutationFn: async (_: void, run): Promise<ConnectionTestOutcome> => {
      const answer = await run((await endpoints()).testConnectionEndpoint(id));
      return { ok: true, text: resultText(answer.payload) ?? answer.message ?? 'ok' };
    },
    // A test changes nothing; its failure is the outcome the dialog shows.
    invalidates: [],
    errorToast: false,
  });
