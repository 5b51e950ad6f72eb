import { jsonResponse } from '../http-util';
import type { AuthedContext, Route } from './types';

/** GET /properties: the feature-flag rows, shaped like the real backend (any signed-in user may read them). */
async function listProperties(ctx: AuthedContext): Promise<Response> {
  const rows = await ctx.services.db.query<{ name: string; value: string }>(
    'SELECT name, value FROM properties WHERE deleted_at IS NULL ORDER BY name',
  );
  return jsonResponse(rows.rows.map((r) => ({ name: r.name, value: r.value, description: '', source: 'db', type: '' })));
}

export const propertiesRoutes: Route[] = [{ method: 'GET', path: '/properties', handle: listProperties }];
