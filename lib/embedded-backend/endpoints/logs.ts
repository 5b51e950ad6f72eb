import { endpoint } from './shared/handler';
import { badRequest, isUuid, json, notFound, readJsonObject } from './shared/http';
import { generateLogLines } from './shared/log-lines';
import { parseTimeParam } from './shared/time';
import type { AuthedContext, Route } from './types';

/**
 * POST /logs (backend-contract §2.1): log lines of a component's log selector, newest first, within `start`/`end`
 * (aliases `from`/`to`; default the last hour), filtered by `query` (case-insensitive, on the message or a label value)
 * and `labels`; `total` counts every match, `results` holds the first `limit` (default 500, at most 5000).
 */

interface Selector {
  name?: string;
  labels?: Record<string, string>;
}

async function searchLogs(ctx: AuthedContext): Promise<Response> {
  const body = await readJsonObject(ctx.request);
  const id = typeof body.id === 'string' ? body.id.trim() : '';
  if (!id) throw badRequest('id is required');
  if (!isUuid(id)) throw badRequest('id must be a component UUID');
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const query = typeof body.query === 'string' ? body.query.trim().toLowerCase() : '';
  const r = await ctx.services.db.query<{ id: string; name: string; log_selectors: Selector[] | null }>(
    'SELECT id, name, log_selectors FROM components WHERE id = $1 AND deleted_at IS NULL',
    [id],
  );
  const component = r.rows[0];
  if (!component) throw notFound(`component ${id} was not found`);
  const selectors = Array.isArray(component.log_selectors) ? component.log_selectors : [];
  const selector = name ? selectors.find((s) => s.name === name) : selectors[0];
  if (!selector) {
    throw notFound(
      `log selector with the name '${name}' was not found. Available names: [${selectors.map((s) => s.name ?? '').join(' ')}]`,
    );
  }
  const now = new Date();
  // Both spellings are accepted; start/end win over from/to.
  const startText = firstText(body.start, body.from);
  const endText = firstText(body.end, body.to);
  const start = startText ? parseTimeParam('start', startText, now) : new Date(now.getTime() - 3_600_000);
  const end = endText ? parseTimeParam('end', endText, now) : now;
  if (start.getTime() >= end.getTime()) throw badRequest('start must be before end');
  if (end.getTime() - start.getTime() > 30 * 86_400_000)
    throw badRequest('the time range may span at most 30 days');
  const limit =
    body.limit === undefined || body.limit === null || body.limit === '' ? 500 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 5000)
    throw badRequest('limit must be an integer from 1 to 5000');
  const wanted =
    body.labels && typeof body.labels === 'object' ? (body.labels as Record<string, unknown>) : {};
  const matching = generateLogLines(
    component.id,
    component.name,
    { name: selector.name ?? 'default', labels: selector.labels },
    start,
    end,
  )
    .filter(
      (l) =>
        !query ||
        l.message.toLowerCase().includes(query) ||
        Object.values(l.labels).some((v) => v.toLowerCase() === query),
    )
    .filter((l) => Object.entries(wanted).every(([k, v]) => l.labels[k] === String(v)));
  const results = matching.slice(0, limit);
  return json({ total: matching.length, results });
}

export const logsRoutes: Route[] = [
  {
    method: 'POST',
    path: '/logs',
    permission: { object: 'logs', action: 'read' },
    handle: endpoint(searchLogs),
  },
];

/** The first of `values` that is a non-empty string. */
function firstText(...values: unknown[]): string | undefined {
  return values.find((v): v is string => typeof v === 'string' && v !== '');
}
