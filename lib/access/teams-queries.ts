import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointQuery, fetchEndpoint } from '@/lib/queries/fetcher';

/** A team's members (the Members tab of /settings/teams/{id}) and the writes on them. */

const teamEndpoints = () => import('@/lib/access/teams-endpoints');

export const teamKeys = {
  all: ['teams'] as const,
  members: (teamId: string) => [...teamKeys.all, teamId, 'members'] as const,
};

export const teamQueries = {
  members: (teamId: string) => endpointQuery(teamKeys.members(teamId), async () => (await teamEndpoints()).teamMembersEndpoint(teamId)),
};

/** Adds people to the team, then the members list refetches. */
export function useAddTeamMembers(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (personIds: readonly string[]) =>
      (await fetchEndpoint(queryClient, (await teamEndpoints()).addTeamMembersEndpoint(teamId, personIds))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}

/** Removes one person from this team only, then the members list refetches. */
export function useRemoveTeamMember(teamId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (personId: string) =>
      (await fetchEndpoint(queryClient, (await teamEndpoints()).removeTeamMemberEndpoint(teamId, personId))).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
  });
}
