import { stableHash } from './shared/check-run';
import { endpoint } from './shared/handler';
import { badRequest, isUuid, json, notFound } from './shared/http';
import type { AuthedContext, Route } from './types';

/**
 * POST /connection/test/{id} (backend-contract §2.1). Nothing is dialled from the demo: the outcome is derived from
 * the saved connection (unresolvable secret references, missing URL, a stable hash), so it is the same every time.
 */

interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
  type: string;
  url: string | null;
  username: string | null;
  password: string | null;
  deleted_at: Date | null;
}

const NEEDS_URL = new Set(['http', 'prometheus', 'postgres', 'mysql', 'slack', 'generic_webhook', 'git', 'gitlab', 'github']);

/** The failure message a probe of this connection would produce, or null when it succeeds. */
export function probeConnection(c: ConnectionRow): string | null {
  for (const [field, value] of [['username', c.username], ['password', c.password]] as const) {
    const m = /^configmap:\/\/([^/]+)\/(.+)$/.exec(value ?? '');
    if (m) return `failed to resolve ${field}: configmap "${m[1]}" not found in namespace "${c.namespace}" (key "${m[2]}")`;
  }
  if (NEEDS_URL.has(c.type) && !c.url) return `${c.type} connection "${c.name}" has no url`;
  if (c.url && !/^[a-z][a-z0-9+.-]*:\/\//i.test(c.url)) return `invalid url "${c.url}": missing scheme`;
  const h = stableHash(c.id);
  if (h % 5 === 0) {
    const host = c.url ? c.url.replace(/^[a-z]+:\/\//i, '').split(/[/:]/)[0] : c.type;
    return c.type === 'postgres' || c.type === 'mysql'
      ? `dial tcp ${host}:5432: connect: connection refused`
      : `Get "${c.url ?? c.type}": dial tcp: lookup ${host}: no such host`;
  }
  return null;
}

async function testConnection(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw notFound('connection was not found');
  const r = await ctx.services.db.query<ConnectionRow>(
    'SELECT id, name, namespace, type, url, username, password, deleted_at FROM connections WHERE id = $1',
    [id],
  );
  const c = r.rows[0];
  if (!c || c.deleted_at) throw notFound('connection was not found');
  const failure = probeConnection(c);
  if (failure) throw badRequest(failure);
  return json({ message: 'ok', payload: { payload: { type: c.type, name: c.name } } });
}

export const connectionRoutes: Route[] = [
  { method: 'POST', path: '/connection/test/:id', permission: { object: 'connection', action: 'update' }, handle: endpoint(testConnection) },
];
