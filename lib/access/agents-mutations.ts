import type { GenerateAgentRequest } from '@/lib/access/agents-endpoints';
import { agentKeys } from '@/lib/access/agents-queries';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';

/** /settings/agents' writes: add (generate), edit and delete; every read of agents refetches after each. */

const endpoints = () => import('@/lib/access/agents-endpoints');

export type AgentWrite =
  | { kind: 'generate'; body: GenerateAgentRequest }
  | { kind: 'update'; id: string; properties: Record<string, string> }
  | { kind: 'delete'; id: string; cleanup: boolean };

export const useAgentWrite = () =>
  useEndpointMutation({
    // The generated token lives only in the caller's state: not in the query cache, and the mutation forgets it.
    gcTime: 0,
    mutationFn: async (write: AgentWrite, run) => {
      const e = await endpoints();
      if (write.kind === 'generate') return run(e.generateAgentEndpoint(write.body));
      await run(
        write.kind === 'update'
          ? e.updateAgentEndpoint(write.id, write.properties)
          : e.deleteAgentEndpoint(write.id, write.cleanup),
      );
      return null;
    },
    invalidates: [agentKeys.all],
    // The agent forms show a save's error; a delete toasts.
    errorToast: (write) => write.kind === 'delete',
  });
