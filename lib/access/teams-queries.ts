import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { endpointQuery } from '@/lib/queries/fetcher';

/** A team's members (the Members tab of /settings/teams/{id}) and the writes on them; teams by name. */

const teamEndpoints = () => import('@/lib/access/teams-endpoints');

export const teamKeys = {
  all: ['teams'] as const,
  members: (teamId: string) => [...teamKeys.all, teamId, 'members'] as const,
  byName: (text: string) => [...teamKeys.all, 'by-name', text] as const,
};

export const teamQueries = {
  members: (teamId: string) =>
    endpointQuery(teamKeys.members(teamId), async () => (await teamEndpoints()).teamMembersEndpoint(teamId)),
  byName: (text: string) =>
    endpointQuery(teamKeys.byName(text), async () => (await teamEndpoints()).teamsByNameEndpoint(text)),
};

/** Adds people to the team, then the members list refetches. */
export const useAddTeamMembers = (teamId: string) =>
  useEndpointMutation({
    mutationFn: async (personIds: readonly string[], run) =>
      run((await teamEndpoints()).addTeamMembersEndpoint(teamId, personIds)),
    invalidates: [teamKeys.members(teamId)],
    // The add dialog's form shows the error.
    errorToast: false,
  });

/** Removes one person from this team only, then the members list refetches. */
export const useRemoveTeamMember = (teamId: string) =>
  useEndpointMutation({
    mutationFn: async (personId: string, run) =>
      run((await teamEndpoints()).removeTeamMemberEndpoint(teamId, personId)),
    invalidates: [teamKeys.members(teamId)],
  });
