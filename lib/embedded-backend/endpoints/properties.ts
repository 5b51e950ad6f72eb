import { jsonResponse } from '../http-util';
import type { AuthedContext, Route } from './types';

/**
 * GET /properties (backend-contract §2.1): the server's local properties first (source "local": set where the
 * server runs, read-only to the console), then the `properties` rows they do not shadow (source "db"). Any signed-in
 * person may read them; writes go through /db/properties (database.system: admin only).
 */

export interface PropertyItem {
  name: string;
  value: string;
  source: 'local' | 'db';
  type: string;
  description: string;
}

/** The embedded server's own properties (what a real server reads from its properties file). */
export const LOCAL_PROPERTIES: readonly PropertyItem[] = [
  {
    name: 'rls.enable',
    value: 'false',
    source: 'local',
    type: 'bool',
    description: 'Row-level security for guests; set in the server’s properties file, not from the console',
  },
];

async function listProperties(ctx: AuthedContext): Promise<Response> {
  const rows = await ctx.services.db.query<{ name: string; value: string }>(
    'SELECT name, value FROM properties WHERE deleted_at IS NULL ORDER BY name',
  );
  const local = new Set(LOCAL_PROPERTIES.map((p) => p.name));
  const db: PropertyItem[] = rows.rows
    .filter((r) => !local.has(r.name))
    .map((r) => ({ name: r.name, value: r.value, description: '', source: 'db', type: '' }));
  return jsonResponse([...LOCAL_PROPERTIES, ...db]);
}

export const propertiesRoutes: Route[] = [{ method: 'GET', path: '/properties', handle: listProperties }];
