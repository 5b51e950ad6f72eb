import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { cond, pgrst } from '@/lib/backend/postgrest-query';
import { PERSON_REF, personRefSchema, type PersonRef } from '@/lib/backend/refs';

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

export const identitySchema = z.looseObject({
  id: z.string(),
  traits: z
    .looseObject({
      email: z.string().nullish(),
      name: z.looseObject({ first: z.string().nullish(), last: z.string().nullish() }).nullish(),
    })
    .nullish(),
  state: z.string().nullish(),
  state_changed_at: z.string().nullish(),
  created_at: z.string().nullish(),
});
export type Identity = z.infer<typeof identitySchema>;

/** Sign-in identities (Kratos-shaped; admin only): names, state, when it changed and creation time of the users page. */
export function identitiesEndpoint(): Endpoint<Identity[]> {
  const q = pgrst('identities').select('id,traits,state,state_changed_at,created_at');
  return { path: q.toPath(), schema: z.array(identitySchema) };
}

export const personRolesSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  roles: z.array(z.string()).nullish(),
});
export type PersonRoles = z.infer<typeof personRolesSchema>;

/** Live people who can sign in, with their roles (team ids among them; the page keeps role names). Admin only. */
export function peopleRolesEndpoint(): Endpoint<PersonRoles[]> {
  const q = pgrst('people_roles').select('id,name,email,roles').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(personRolesSchema) };
}

// ---- people as every role may read them (PERSON_REF): the one home of the other features' people reads -------------

/** Live people by name: the incidents' owner filter and responders, a playbook's people parameter. */
export function peopleChoicesEndpoint(): Endpoint<PersonRef[]> {
  const q = pgrst('people').select(PERSON_REF).is('deleted_at', null).order('name', 'asc').limit(1000);
  return { path: q.toPath(), schema: z.array(personRefSchema) };
}

/** People named by id (a run's parameters). */
export function peopleByIdsEndpoint(ids: readonly string[]): Endpoint<PersonRef[]> {
  const q = pgrst('people').select(PERSON_REF).in('id', ids);
  return { path: q.toPath(), schema: z.array(personRefSchema) };
}

/** One person (a change's creator: config_changes.created_by has no foreign key to embed through). */
export function personEndpoint(id: string): Endpoint<PersonRef[]> {
  return peopleByIdsEndpoint([id]);
}

export const personWithRolesSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  roles: z.array(z.string()).nullish(),
});

/** People with their roles, for a people parameter's `properties.role` (people_roles: admin only, database.identities). */
export function peopleWithRolesEndpoint(): Endpoint<z.infer<typeof personWithRolesSchema>[]> {
  const q = pgrst('people_roles').select('id,name,roles').order('name', 'asc');
  return { path: q.toPath(), schema: z.array(personWithRolesSchema) };
}
