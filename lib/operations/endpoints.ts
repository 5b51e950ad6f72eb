import { z } from 'zod';
import type { Endpoint, SortedPageParams } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';

/**
 * The admin settings screens (issue 22; backend-contract §1.4, upstream §2.9): integrations, log backends, feature
 * flags (properties) and the event queue. All of them are admin-only at the backend except GET /properties.
 */

const CREATED_BY = 'created_by(id,name,avatar,email)';
const person = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
  email: z.string().nullish(),
});
export type Person = z.infer<typeof person>;

// ---- integrations ------------------------------------------------------------------------------------------

export const INTEGRATION_TYPES = ['scrapers', 'topologies', 'logging_backends'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const integrationSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  description: z.string().nullish(),
  integration_type: z.string(),
  source: z.string().nullish(),
  agent_id: z.string().nullish(),
  job_status: z.string().nullish(),
  job_details: z.unknown().optional(),
  job_name: z.string().nullish(),
  job_time_start: z.string().nullish(),
  last_runtime: z.string().nullish(),
  created_by: z.string().nullish(),
  creator_name: z.string().nullish(),
  creator_avatar: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Integration = z.infer<typeof integrationSchema>;

export type IntegrationsListParams = SortedPageParams;

export function integrationsEndpoint(p: IntegrationsListParams): Endpoint<Integration[]> {
  const q = pgrst('integrations_with_status').select('*').is('deleted_at', null);
  q.order(p.sortBy ?? 'created_at', p.sortBy ? (p.sortDesc ? 'desc' : 'asc') : 'desc');
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(integrationSchema) };
}

// ---- log backends ------------------------------------------------------------------------------------------

export const logBackendSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
  spec: z.unknown().optional(),
  source: z.string().nullish(),
  agent_id: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: person.nullish(),
});
export type LogBackend = z.infer<typeof logBackendSchema>;

const LOG_BACKEND_SELECT = `id,name,labels,spec,source,agent_id,created_at,updated_at,${CREATED_BY}`;

/** A small settings list's sort, chosen in its column headers (`sortBy` null: the list's default order). */
export interface ListSort {
  sortBy: string | null;
  sortDesc: boolean;
}

export function logBackendsEndpoint(
  sort: ListSort = { sortBy: null, sortDesc: true },
): Endpoint<LogBackend[]> {
  const q = pgrst('logging_backends').select(LOG_BACKEND_SELECT).is('deleted_at', null);
  if (sort.sortBy) q.param('order', `${sort.sortBy}.${sort.sortDesc ? 'desc' : 'asc'}.nullslast,id.asc`);
  else q.order('created_at', 'desc');
  return { path: q.toPath(), schema: z.array(logBackendSchema) };
}

export function logBackendEndpoint(id: string): Endpoint<LogBackend[]> {
  const q = pgrst('logging_backends').select(LOG_BACKEND_SELECT).eq('id', id).is('deleted_at', null);
  return { path: q.toPath(), schema: z.array(logBackendSchema) };
}

/** What the log-backend form writes: never created_by, created_at or updated_at (the backend stamps them). */
export interface LogBackendBody {
  name: string;
  labels: Record<string, string>;
  spec: unknown;
}

const createdSchema = z.array(z.looseObject({ id: z.string(), name: z.string().nullish() }));

export function createLogBackendEndpoint(body: LogBackendBody): Endpoint<z.infer<typeof createdSchema>> {
  const q = pgrst('logging_backends').select('id,name');
  return {
    method: 'POST',
    path: q.toPath(),
    body: { ...body, source: 'UI' },
    headers: { prefer: 'return=representation' },
    schema: createdSchema,
  };
}

export function updateLogBackendEndpoint(id: string, body: Partial<LogBackendBody>): Endpoint<unknown> {
  const q = pgrst('logging_backends').eq('id', id);
  return { method: 'PATCH', path: q.toPath(), body, schema: z.unknown() };
}

export function deleteLogBackendEndpoint(id: string): Endpoint<unknown> {
  const q = pgrst('logging_backends').eq('id', id);
  return { method: 'PATCH', path: q.toPath(), body: { deleted_at: 'now()' }, schema: z.unknown() };
}

// ---- feature flags -----------------------------------------------------------------------------------------

export const propertySchema = z.looseObject({
  name: z.string(),
  value: z.unknown().transform((v) => (v === null || v === undefined ? '' : String(v))),
  source: z.string().nullish(),
  type: z.string().nullish(),
  description: z.string().nullish(),
});
export type Property = z.infer<typeof propertySchema>;

/** Every flag the server knows, local ones first (any signed-in person). */
export function propertiesEndpoint(): Endpoint<Property[]> {
  return { path: '/properties', schema: z.array(propertySchema) };
}

export const propertyRowSchema = z.looseObject({
  name: z.string(),
  value: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  created_by: person.nullish(),
});
export type PropertyRow = z.infer<typeof propertyRowSchema>;

/** The stored rows with their audit columns (admin only: database.system). */
export function propertyRowsEndpoint(): Endpoint<PropertyRow[]> {
  const q = pgrst('properties')
    .select(`name,value,created_at,updated_at,${CREATED_BY}`)
    .is('deleted_at', null);
  return { path: q.toPath(), schema: z.array(propertyRowSchema) };
}

export function createPropertyEndpoint(body: { name: string; value: string }): Endpoint<unknown> {
  return { method: 'POST', path: pgrst('properties').toPath(), body, schema: z.unknown() };
}

export function updatePropertyEndpoint(name: string, body: { value: string }): Endpoint<unknown> {
  return { method: 'PATCH', path: pgrst('properties').eq('name', name).toPath(), body, schema: z.unknown() };
}

export function deletePropertyEndpoint(name: string): Endpoint<unknown> {
  return { method: 'DELETE', path: pgrst('properties').eq('name', name).toPath(), schema: z.unknown() };
}

// ---- event queue -------------------------------------------------------------------------------------------

export const eventQueueSchema = z.looseObject({
  name: z.string(),
  pending: z.number().nullish(),
  failed: z.number().nullish(),
  average_attempts: z.union([z.number(), z.string()]).nullish(),
  first_failure: z.string().nullish(),
  last_failure: z.string().nullish(),
  most_common_error: z.string().nullish(),
});
export type EventQueueItem = z.infer<typeof eventQueueSchema>;

export function eventQueueEndpoint(
  sort: ListSort = { sortBy: null, sortDesc: true },
): Endpoint<EventQueueItem[]> {
  const q = pgrst('event_queue_summary').select('*');
  if (sort.sortBy) q.param('order', `${sort.sortBy}.${sort.sortDesc ? 'desc' : 'asc'}.nullslast,name.asc`);
  else q.order('last_failure', 'desc', 'nullslast');
  return { path: q.toPath(), schema: z.array(eventQueueSchema) };
}
