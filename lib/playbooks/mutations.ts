import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaybookWrite, RunPlaybookRequest } from '@/lib/playbooks/endpoints';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { playbookKeys } from '@/lib/playbooks/queries';

/** The playbooks screens' writes, apart from the queries so that a viewer's first load carries no mutation code. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** Approve or cancel a run (backend-contract §2.1); the run and its actions refetch afterwards. */
export function useRunDecision(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: 'approve' | 'cancel') => {
      const e = await endpoints();
      const endpoint = decision === 'approve' ? e.approvePlaybookRunEndpoint(runId) : e.cancelPlaybookRunEndpoint(runId);
      return (await fetchEndpoint(queryClient, endpoint)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: playbookKeys.run(runId) }),
  });
}

/** POST /playbook/run → `{run_id}` (201); the runs lists refetch. */
export function useRunPlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RunPlaybookRequest) => (await fetchEndpoint(queryClient, (await endpoints()).runPlaybookEndpoint(body))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
  });
}

/** Create (no id) or edit a playbook; delete is a soft delete. */
export function useSavePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: PlaybookWrite }) => {
      const e = await endpoints();
      return (await fetchEndpoint(queryClient, id ? e.updatePlaybookEndpoint(id, body) : e.createPlaybookEndpoint(body))).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
  });
}

export function useDeletePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await fetchEndpoint(queryClient, (await endpoints()).deletePlaybookEndpoint(id))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
  });
}
