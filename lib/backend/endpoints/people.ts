import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { cond, pgrst } from '@/lib/backend/postgrest-query';

/** User management (backend-contract §2.1): invite, update, delete; Kratos-mode routes on the real backend. */

export interface InviteUserRequest {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

export const inviteResultSchema = z.looseObject({ link: z.string().nullish(), code: z.string().nullish() });

export function inviteUserEndpoint(body: InviteUserRequest): Endpoint<z.infer<typeof inviteResultSchema>> {
  return { method: 'POST', path: '/auth/invite_user', body, schema: inviteResultSchema };
}

export interface UpdatePersonRequest {
  id: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  /** Replaces all roles of the person. */
  role?: string;
  active?: boolean;
}

export function updatePersonEndpoint(body: UpdatePersonRequest): Endpoint<unknown> {
  return { method: 'POST', path: '/people/update', body, schema: z.unknown() };
}

export function deletePersonEndpoint(id: string): Endpoint<unknown> {
  return { method: 'DELETE', path: `/people/${encodeURIComponent(id)}`, schema: z.unknown() };
}

export const personSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string().nullish(),
  avatar: z.string().nullish(),
});
export type Person = z.infer<typeof personSchema>;

/** Live people who can sign in (agents' service people left out), by name: pickers of people. It filters on
 * private columns, so only who may read identities (admins) can ask; the pickers are admin-only writes anyway. */
export function peopleEndpoint(): Endpoint<Person[]> {
  const q = pgrst('people')
    .select('id,name,email,avatar')
    .is('deleted_at', null)
    .or(cond.is('type', null), cond.neq('type', 'agent'))
    .order('name', 'asc');
  return { path: q.toPath(), schema: z.array(personSchema) };
}
