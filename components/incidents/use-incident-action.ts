'use client';

import type { Endpoint } from '@/lib/backend/endpoint';
import { toastFromError, toastSuccess } from '@/components/widgets/toast';
import { useIncidentMutation, type IncidentEndpoints } from '@/lib/incidents/queries';

/**
 * A write of the incident page that reports its outcome: a failure shows the backend's message (upstream saved
 * status and severity fire-and-forget) and rejects, so the caller's control can keep or revert its state.
 */
export function useIncidentAction<V>(
  incidentId: string,
  build: (e: IncidentEndpoints, vars: V) => Endpoint<unknown>,
  success?: (vars: V) => string,
) {
  const mutation = useIncidentMutation(incidentId, build);
  const run = async (vars: V) => {
    try {
      await mutation.mutateAsync(vars);
      if (success) toastSuccess(success(vars));
    } catch (error) {
      toastFromError(error);
      throw error;
    }
  };
  return { run, pending: mutation.isPending };
}
