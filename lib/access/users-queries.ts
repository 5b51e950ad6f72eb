import { queryOptions } from '@tanstack/react-query';
import type { InviteUserRequest, UpdatePersonRequest } from '@/lib/access/people-endpoints';
import { normalizeRoles, type Role } from '@/lib/auth/permissions';
import { useEndpointMutation } from '@/lib/queries/endpoint-mutation';
import { fetchEndpoint } from '@/lib/queries/fetcher';
import { peopleKeys } from '@/lib/access/people-queries';

/** The users of /settings/users: live people with their roles, merged with their sign-in identity. */

const endpoints = () => import('@/lib/access/people-endpoints');

export interface UserRow {
  id: string;
  name: string;
  firstName: string;
  lastName: string;
  email: string;
  roles: Role[];
  /** The identity's state ('active', 'inactive'); people without an identity sign in and count as active. */
  state: string;
  /** When the identity's state last changed (spec 000 §3 Identity); null without an identity. */
  stateChangedAt: string | null;
  createdAt: string | null;
}

export const userKeys = { all: ['users'] as const, list: () => [...userKeys.all, 'list'] as const };

export const userQueries = {
  list: () =>
    queryOptions({
      queryKey: userKeys.list(),
      queryFn: async ({ client, signal }): Promise<UserRow[]> => {
        const e = await endpoints();
        const [people, identities] = await Promise.all([
          fetchEndpoint(client, e.peopleRolesEndpoint(), signal),
          fetchEndpoint(client, e.identitiesEndpoint(), signal),
        ]);
        const byId = new Map(identities.data.map((i) => [i.id, i]));
        return people.data.map((p) => {
          const identity = byId.get(p.id);
          const [first = '', ...rest] = (p.name ?? '').split(' ');
          return {
            id: p.id,
            name: p.name ?? p.email ?? p.id,
            firstName: identity?.traits?.name?.first ?? first,
            lastName: identity?.traits?.name?.last ?? rest.join(' '),
            email: identity?.traits?.email ?? p.email ?? '',
            roles: normalizeRoles(p.roles),
            state: identity?.state ?? 'active',
            stateChangedAt: identity?.state_changed_at ?? null,
            createdAt: identity?.created_at ?? null,
          };
        });
      },
    }),
};

export type UserWrite =
  | { kind: 'invite'; body: InviteUserRequest }
  | { kind: 'update'; body: UpdatePersonRequest }
  | { kind: 'delete'; id: string };

/** Invite, update or delete a user; the list (and every people picker) refetches afterwards. */
export const useUserWrite = () =>
  useEndpointMutation({
    mutationFn: async (write: UserWrite, run): Promise<{ link?: string | null }> => {
      const e = await endpoints();
      if (write.kind === 'invite') return run(e.inviteUserEndpoint(write.body));
      await run(
        write.kind === 'update' ? e.updatePersonEndpoint(write.body) : e.deletePersonEndpoint(write.id),
      );
      return {};
    },
    invalidates: [userKeys.all, peopleKeys.all],
    // The user forms show a save's error; a delete toasts.
    errorToast: (write) => write.kind === 'delete',
  });
