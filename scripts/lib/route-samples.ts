/**
 * The routes the benches load (every built page of the registry in the basic sign-in mode) and a sample address for
 * each: npm run bench (first-load bytes) and npm run audit:web (Lighthouse and axe) measure the same set.
 */
import type { BrowserContext } from '@playwright/test';
import { ROUTES, type RouteDefinition } from '../../lib/routes';

/** Every page route a person can open in the basic mode: no redirects, no route handlers' bare layout, not /logout (loading it signs the bench out). */
export function pageRoutes(): RouteDefinition[] {
  return ROUTES.filter(
    (r) =>
      !r.redirectTo &&
      !r.planned &&
      r.layout !== 'bare' &&
      r.modes?.includes('basic') &&
      r.pattern !== '/logout',
  );
}

/** Where a route's [id] comes from: the first row of a demo table, read through the console's own proxy. */
const SAMPLE_SOURCES: Record<string, string> = {
  '/topology/[id]': '/api/db/components?select=id&deleted_at=is.null&parent_id=is.null&limit=1',
  '/view/topology/[id]': '/api/db/components?select=id&deleted_at=is.null&parent_id=is.null&limit=1',
  '/incidents/[id]': '/api/db/incidents?select=id&limit=1',
  '/playbooks/runs/[id]': '/api/db/playbook_runs?select=id&limit=1',
  '/playbooks/[id]': '/api/db/playbooks?select=id&deleted_at=is.null&limit=1',
  '/catalog/[id]': '/api/db/config_items?select=id&deleted_at=is.null&limit=1',
  ...Object.fromEntries(
    ['changes', 'insights', 'relationships', 'playbooks', 'checks'].map((tab) => [
      `/catalog/[id]/${tab}`,
      '/api/db/config_items?select=id&deleted_at=is.null&limit=1',
    ]),
  ),
  '/catalog/scrapers/[id]': '/api/db/config_scrapers?select=id&limit=1',
  '/settings/teams/[id]': '/api/db/teams?select=id&limit=1',
  '/settings/incident_rules/[id]': '/api/db/incident_rules?select=id&limit=1',
  '/settings/topologies/[id]': '/api/db/topologies?select=id&limit=1',
  '/settings/canaries/[id]': '/api/db/canaries?select=id&limit=1',
  // [type] comes from the row's integration_type.
  '/settings/integrations/[type]/[id]':
    '/api/db/integrations_with_status?select=id,integration_type&integration_type=eq.scrapers&limit=1',
};

/** Routes whose sample needs no row: the demo data has no status page, and `new` loads the same editor. */
const SAMPLE_PATHS: Record<string, string> = {
  '/settings/status-page/[id]': '/settings/status-page/new',
};

export async function samplePath(
  context: BrowserContext,
  base: string,
  route: RouteDefinition,
): Promise<string> {
  if (!route.pattern.includes('[')) return route.pattern;
  if (SAMPLE_PATHS[route.pattern]) return SAMPLE_PATHS[route.pattern]!;
  const source = SAMPLE_SOURCES[route.pattern];
  const missing = new Error(`No sample address for ${route.pattern}: add its source to SAMPLE_SOURCES`);
  if (!source) throw missing;
  const response = await context.request.get(`${base}${source}`);
  if (!response.ok()) throw missing;
  const rows = (await response.json()) as { id?: string; integration_type?: string }[];
  const id = rows[0]?.id;
  const type = rows[0]?.integration_type;
  if (!id || (route.pattern.includes('[type]') && !type)) throw missing;
  return route.pattern
    .replace('[id]', encodeURIComponent(id))
    .replace('[type]', encodeURIComponent(type ?? ''));
}

/** `fn` over `items`, at most `limit` at a time, results in the items' order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
