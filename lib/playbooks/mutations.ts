import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaybookWrite, RunPlaybookRequest } from '@/lib/playbooks/endpoints';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { playbookKeys, playbookRunKeys } from '@/lib/playbooks/queries';

/** The playbooks screens' writes, apart from the queries so that a viewer's first load carries no mutation code. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** Approve or cancel a run (backend-contract §2.1); every screen's runs refetch afterwards (the run, its actions, the lists). */
export function useRunDecision(runId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: 'approve' | 'cancel') => {
      const e = await endpoints();
      const endpoint = decision === 'approve' ? e.approvePlaybookRunEndpoint(runId) : e.cancelPlaybookRunEndpoint(runId);
      return (await fetchEndpoint(queryClient, endpoint)).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: playbookRunKeys.all }),
  });
}

/** POST /playbook/run → `{run_id}` (201); every screen's runs refetch (the lists, a resource's runs, the cards). */
export function useRunPlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RunPlaybookRequest) => (await fetchEndpoint(queryClient, (await endpoints()).runPlaybookEndpoint(body))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playbookRunKeys.all }),
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
    // Runs show their playbook's name and title.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: playbookKeys.all }), queryClient.invalidateQueries({ queryKey: playbookRunKeys.all })]),
  });
}

export function useDeletePlaybook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await fetchEndpoint(queryClient, (await endpoints()).deletePlaybookEndpoint(id))).data,
    // Runs show their playbook's name and title.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: playbookKeys.all }), queryClient.invalidateQueries({ queryKey: playbookRunKeys.all })]),
  });
}
