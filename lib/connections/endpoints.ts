import { z } from 'zod';
import type { Endpoint } from '@/lib/backend/endpoint';
import { pgrst } from '@/lib/backend/postgrest-query';
import type { ConnectionPayload, ConnectionSortColumn } from '@/lib/connections/types';

/**
 * Settings → Connections (spec 001 §3.2, upstream-ui §312): the `connections` table through /db and the backend's
 * connection test. Secrets (`password`, `certificate`) read as the mask `********` when set (docs/security.md).
 */

const personSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  avatar: z.string().nullish(),
});

export const connectionSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  namespace: z.string().nullish(),
  type: z.string(),
  url: z.string().nullish(),
  username: z.string().nullish(),
  password: z.string().nullish(),
  certificate: z.string().nullish(),
  insecure_tls: z.boolean().nullish(),
  properties: z.record(z.string(), z.unknown()).nullish(),
  source: z.string().nullish(),
  created_by: personSchema.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Connection = z.infer<typeof connectionSchema>;

export interface ConnectionsListParams {
  query: string;
  type: string | null;
  sortBy: ConnectionSortColumn | null;
  sortDesc: boolean;
  pageIndex: number;
  pageSize: number;
}

const SELECT = '*,created_by(id,name,avatar)';

/** A search term as an ilike pattern: PostgREST's own syntax characters are dropped, not interpreted. */
function searchPattern(term: string): string | null {
  const cleaned = term.replace(/[*,()"\\]/g, ' ').trim();
  return cleaned ? `*${cleaned}*` : null;
}

/** One page of the live connections, newest first by default, with the total; search on name or URL/host. */
export function connectionsEndpoint(p: ConnectionsListParams): Endpoint<Connection[]> {
  const q = pgrst('connections').select(SELECT).is('deleted_at', null);
  const pattern = searchPattern(p.query);
  if (pattern) q.or(`name.ilike.${pattern}`, `url.ilike.${pattern}`);
  if (p.type) q.eq('type', p.type);
  // Newest first unless a column is chosen; the id breaks ties so pages never overlap.
  const order = p.sortBy ? `${p.sortBy}.${p.sortDesc ? 'desc' : 'asc'}` : 'created_at.desc';
  q.param('order', `${order},id.asc`);
  q.page(p.pageIndex, p.pageSize).count();
  return { path: q.toPath(), headers: q.headers, schema: z.array(connectionSchema) };
}

/** One live connection (the edit dialog opened from a link). */
export function connectionEndpoint(id: string): Endpoint<Connection[]> {
  const q = pgrst('connections').select(SELECT).eq('id', id).is('deleted_at', null);
  return { path: q.toPath(), schema: z.array(connectionSchema) };
}

const RETURN_ROW = { Prefer: 'return=representation' };

export function createConnectionEndpoint(body: ConnectionPayload): Endpoint<Connection[]> {
  return {
    method: 'POST',
    path: pgrst('connections').select(SELECT).toPath(),
    headers: RETURN_ROW,
    body,
    schema: z.array(connectionSchema),
  };
}

/** Only the changed, writable columns (lib/connections/mapping.ts updatePayload). */
export function updateConnectionEndpoint(id: string, body: ConnectionPayload): Endpoint<Connection[]> {
  const q = pgrst('connections').select(SELECT).eq('id', id).is('deleted_at', null);
  return {
    method: 'PATCH',
    path: q.toPath(),
    headers: RETURN_ROW,
    body: { ...body, updated_at: 'now()' },
    schema: z.array(connectionSchema),
  };
}

/** Soft delete (spec: `deleted_at`), so references from permissions and notifications stay valid. */
const deletedSchema = z.looseObject({ id: z.string(), name: z.string() });

export function deleteConnectionEndpoint(id: string): Endpoint<z.infer<typeof deletedSchema>[]> {
  const q = pgrst('connections').select('id,name').eq('id', id).is('deleted_at', null);
  return {
    method: 'PATCH',
    path: q.toPath(),
    headers: RETURN_ROW,
    body: { deleted_at: 'now()' },
    schema: z.array(deletedSchema),
  };
}

/** POST /connection/test/{id} (backend-contract §2.1): 200 `{message:"ok", payload}`, 400 `{error}` when the probe fails. */
export const connectionTestSchema = z.looseObject({
  message: z.string().nullish(),
  payload: z.unknown().optional(),
});

export function testConnectionEndpoint(id: string): Endpoint<z.infer<typeof connectionTestSchema>> {
  return { method: 'POST', path: `/connection/test/${encodeURIComponent(id)}`, schema: connectionTestSchema };
}
