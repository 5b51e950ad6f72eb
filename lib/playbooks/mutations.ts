import type { PlaybookWrite, RunPlaybookRequest } from '@/lib/playbooks/endpoints';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { playbookKeys, playbookRunKeys } from '@/lib/playbooks/queries';

/** The playbooks screens' writes, apart from the queries so that a viewer's first load carries no mutation code. */

const endpoints = () => import('@/lib/playbooks/endpoints');

/** Runs show their playbook's name and title, so a playbook's writes refresh them too. */
const PLAYBOOK_FAMILIES = [playbookKeys.all, playbookRunKeys.all];

/** Approve or cancel a run (backend-contract §2.1); every screen's runs refetch afterwards (the run, its actions, the lists). */
export const useRunDecision = (runId: string) =>
  useEndpointMutation({
    mutationFn: async (decision: 'approve' | 'cancel', run) => {
      const e = await endpoints();
      return run(
        decision === 'approve' ? e.approvePlaybookRunEndpoint(runId) : e.cancelPlaybookRunEndpoint(runId),
      );
    },
    invalidates: [playbookRunKeys.all],
  });

/** POST /playbook/run → `{run_id}` (201); every screen's runs refetch (the lists, a resource's runs, the cards). */
export const useRunPlaybook = () =>
  useEndpointMutation({
    mutationFn: async (body: RunPlaybookRequest, run) => run((await endpoints()).runPlaybookEndpoint(body)),
    invalidates: [playbookRunKeys.all],
    refetchOn: 'success',
    // The run dialog's form places the parameters' errors under their fields.
    errorToast: false,
  });

/** Create (no id) or edit a playbook; delete is a soft delete. */
export const useSavePlaybook = () =>
  useEndpointMutation({
    mutationFn: async ({ id, body }: { id?: string; body: PlaybookWrite }, run) => {
      const e = await endpoints();
      return run(id ? e.updatePlaybookEndpoint(id, body) : e.createPlaybookEndpoint(body));
    },
    invalidates: PLAYBOOK_FAMILIES,
    refetchOn: 'success',
    // The editor's form shows the error.
    errorToast: false,
  });

export const useDeletePlaybook = () =>
  useEndpointMutation({
    mutationFn: async (id: string, run) => run((await endpoints()).deletePlaybookEndpoint(id)),
    invalidates: PLAYBOOK_FAMILIES,
    refetchOn: 'success',
  });
