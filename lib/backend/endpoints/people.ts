import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';

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
