import { endpoint } from './shared/handler';
import { badRequest, isUuid, readJsonObject } from './shared/http';
import { parseTimeParam } from './shared/time';
import type { AuthedContext, Route } from './types';

/** POST /notification/silence (backend-contract §2.9): every call inserts a new silence; 200 with an empty body. */

const RESOURCE_FIELDS = ['config_id', 'canary_id', 'component_id', 'check_id'] as const;

function text(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  return v.trim() === '' ? undefined : v;
}

async function silence(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const now = new Date();
  const name = text(body, 'name');
  if (!name) throw badRequest('name is required');
  const ids: Record<string, string | null> = {};
  for (const field of RESOURCE_FIELDS) {
    const v = text(body, field);
    if (v !== undefined && !isUuid(v)) throw badRequest(`${field} must be a UUID`);
    ids[field] = v ?? null;
  }
  const filter = text(body, 'filter');
  const selectors = body.selectors;
  if (selectors !== undefined && selectors !== null && !Array.isArray(selectors)) throw badRequest('selectors must be a list of resource selectors');
  const hasSelectors = Array.isArray(selectors) && selectors.length > 0;
  if (!Object.values(ids).some(Boolean) && !filter && !hasSelectors) {
    throw badRequest('one of config_id, canary_id, component_id, check_id, filter or selectors is required');
  }
  const fromText = text(body, 'from');
  const untilText = text(body, 'until');
  const from = fromText ? parseTimeParam('from', fromText, now) : now;
  // The UI sends "indefinitely" for no end; a missing until means the same.
  const until = untilText && untilText !== 'indefinitely' ? parseTimeParam('until', untilText, now) : null;
  if (until && from.getTime() >= until.getTime()) throw badRequest('from must be before until');
  if (body.recursive !== undefined && body.recursive !== null && typeof body.recursive !== 'boolean') {
    throw badRequest('recursive must be a boolean');
  }
  await ctx.services.db.query(
    `INSERT INTO notification_silences (name, description, "from", until, recursive, filter, selectors, config_id,
        canary_id, component_id, check_id, source, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'UI', $12)`,
    [
      name,
      text(body, 'description') ?? null,
      from.toISOString(),
      until?.toISOString() ?? null,
      body.recursive === true,
      filter ?? null,
      hasSelectors ? JSON.stringify(selectors) : null,
      ids.config_id,
      ids.canary_id,
      ids.component_id,
      ids.check_id,
      ctx.identity.personId,
    ],
  );
  return new Response(null, { status: 200 });
}

export const notificationRoutes: Route[] = [
  { method: 'POST', path: '/notification/silence', permission: { object: 'notification', action: 'create' }, handle: endpoint(silence) },
];
