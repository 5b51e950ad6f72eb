import { endpoint } from './shared/handler';
import { badRequest, json, readJsonObject } from './shared/http';
import { parseSelector, searchResources, type SearchItem, type SearchKind } from './shared/resource-search';
import type { AuthedContext, Route } from './types';

/** POST /resources/search (backend-contract §2.7): per requested kind, the resources its selectors match. */

const KINDS: SearchKind[] = ['checks', 'components', 'configs'];

async function resourcesSearch(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const limit = body.limit === undefined || body.limit === null ? undefined : Number(body.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    throw badRequest('limit must be a positive integer');
  const out: Record<string, SearchItem[]> = {};
  for (const kind of KINDS) {
    const selectors = body[kind];
    if (selectors === undefined || selectors === null) continue;
    if (!Array.isArray(selectors)) throw badRequest(`${kind} must be a list of selectors`);
    const seen = new Set<string>();
    const items: SearchItem[] = [];
    for (const raw of selectors) {
      for (const item of await searchResources(ctx.services.db, kind, parseSelector(raw), limit ?? 50)) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        items.push(item);
      }
    }
    // Keys are omitted when a kind has no hits, as the real backend's omitempty does.
    if (items.length) out[kind] = limit ? items.slice(0, limit) : items;
  }
  return json(out);
}

export const searchRoutes: Route[] = [
  {
    method: 'POST',
    path: '/resources/search',
    permission: { object: 'catalog', action: 'read' },
    handle: endpoint(resourcesSearch),
  },
];
