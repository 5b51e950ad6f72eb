import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { runCheckEndpoint } from '@/lib/backend/endpoints/canary';
import { apiRequest } from '@/lib/queries/api-fetch';
import { canaryKeys, checkKeys } from '@/lib/queries/keys';

/** The answer of a single check run (backend-contract §2.1); every field is optional. */
export const runCheckResultSchema = z
  .looseObject({
    pass: z.boolean().nullish(),
    invalid: z.boolean().nullish(),
    duration: z.number().nullish(),
    message: z.string().nullish(),
    error: z.string().nullish(),
    start: z.string().nullish(),
  })
  .nullish();
export type RunCheckResult = z.infer<typeof runCheckResultSchema>;

/** Run Now (loaded with the check panel): runs the check, then refreshes the panel's check, graph, history and the list. */
export function useRunCheckNow(checkId: string, onRan: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<RunCheckResult> => {
      // An answer of another shape still means the run happened; it is shown without details.
      const parsed = runCheckResultSchema.safeParse(await apiRequest(runCheckEndpoint(checkId)));
      return parsed.success ? parsed.data : null;
    },
    onSuccess: async () => {
      onRan();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: checkKeys.detail(checkId) }),
        queryClient.invalidateQueries({ queryKey: [...checkKeys.all, 'history', checkId] }),
        queryClient.invalidateQueries({ queryKey: [...canaryKeys.all, 'graph', checkId] }),
      ]);
    },
  });
}
