import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import type { ResourceTableName } from '@/lib/resources/resource-tables';

/**
 * The generic resource tables (spec 000 §2, §7 "generic resource list, get, create, patch and delete"): teams,
 * incident rules, topologies, canaries and config scrapers through PostgREST (backend-contract §1, upstream-ui §2.9).
 */

export const RESOURCE_LIST_LIMIT = 100;

const person = z.looseObject({ id: z.string(), name: z.string().nullish(), avatar: z.string().nullish() });
const agent = z.looseObject({ id: z.string().nullish(), name: z.string().nullish() });

export const resourceRowSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  labels: z.record(z.string(), z.unknown()).nullish(),
  schedule: z.string().nullish(),
  source: z.string().nullish(),
  agent_id: z.string().nullish(),
  agent: agent.nullish(),
  job_status: z.string().nullish(),
  job_details: z.unknown().optional(),
  job_time_start: z.string().nullish(),
  job_last_failed: z.string().nullish(),
  last_runtime: z.string().nullish(),
  created_by: z.union([person, z.string()]).nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ResourceRow = z.infer<typeof resourceRowSchema>;

export interface ResourceListParams {
  /** The relation read (the table's `*_with_status` view where it has one). */
  view: string;
  /** A column of the view; default created_at. */
  sortBy: string;
  sortDesc: boolean;
}

/** The list of a table: its status view, live rows, newest first unless sorted otherwise, at most 100 (spec 000 §7). */
export function resourceListEndpoint(p: ResourceListParams): Endpoint<ResourceRow[]> {
  const q = pgrst(p.view)
    .select('*,created_by(id,name,avatar)')
    .is('deleted_at', null)
    .order(p.sortBy, p.sortDesc ? 'desc' : 'asc', 'nullslast')
    .limit(RESOURCE_LIST_LIMIT);
  return { path: q.toPath(), schema: z.array(resourceRowSchema) };
}

export const resourceRecordSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  labels: z.record(z.string(), z.unknown()).nullish(),
  spec: z.unknown().optional(),
  source: z.string().nullish(),
  agent_id: z.string().nullish(),
  agent: agent.nullish(),
  deleted_at: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type ResourceRecordRow = z.infer<typeof resourceRecordSchema>;

/** Tables with an agent_id (the 'Linked to {agent}' note names the agent). */
const WITH_AGENT: ReadonlySet<ResourceTableName> = new Set(['topologies', 'canaries', 'config_scrapers']);

/** One live row of a table (a soft-deleted one reads as not found). */
export function resourceEndpoint(table: ResourceTableName, id: string): Endpoint<ResourceRecordRow[]> {
  const q = pgrst(table)
    .select(WITH_AGENT.has(table) ? '*,agent:agents(id,name)' : '*')
    .eq('id', id)
    .is('deleted_at', null);
  return { path: q.toPath(), schema: z.array(resourceRecordSchema) };
}

const RETURN_ROW = { prefer: 'return=representation' };

export function createResourceEndpoint(
  table: ResourceTableName,
  body: Record<string, unknown>,
): Endpoint<ResourceRecordRow[]> {
  return {
    method: 'POST',
    path: pgrst(table).toPath(),
    headers: RETURN_ROW,
    body,
    schema: z.array(resourceRecordSchema),
  };
}

/** PATCH of the changed columns only. */
export function updateResourceEndpoint(
  table: ResourceTableName,
  id: string,
  body: Record<string, unknown>,
): Endpoint<ResourceRecordRow[]> {
  return {
    method: 'PATCH',
    path: pgrst(table).eq('id', id).toPath(),
    headers: RETURN_ROW,
    body,
    schema: z.array(resourceRecordSchema),
  };
}

/** Soft delete (spec 000 §4): deleted_at set to now. */
export function deleteResourceEndpoint(table: ResourceTableName, id: string): Endpoint<unknown> {
  return {
    method: 'PATCH',
    path: pgrst(table).eq('id', id).toPath(),
    body: { deleted_at: 'now()' },
    schema: z.unknown(),
  };
}

export const ownedItemSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
});
export type OwnedItem = z.infer<typeof ownedItemSchema>;

/** The live config items a scraper owns, listed before it is deleted (upstream-ui §2.8), with their total. */
export function scraperItemsEndpoint(scraperId: string, limit = 20): Endpoint<OwnedItem[]> {
  const q = pgrst('config_items')
    .select('id,name,type')
    .eq('scraper_id', scraperId)
    .is('deleted_at', null)
    .order('name')
    .limit(limit)
    .count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(ownedItemSchema) };
}

/** A spec's JSON schema (GET /schemas/{file}) for the Code tab's completion and lint. */
export function specSchemaEndpoint(file: string): Endpoint<Record<string, unknown>> {
  return { path: `/schemas/${encodeURIComponent(file)}`, schema: z.record(z.string(), z.unknown()) };
}
