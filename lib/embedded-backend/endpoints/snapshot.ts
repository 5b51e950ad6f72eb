import { buildZip } from './shared/zip';
import { endpoint } from './shared/handler';
import { badRequest, isUuid, notFound } from './shared/http';
import { generateLogLines } from './shared/log-lines';
import { firstParam, parseTimeParam } from './shared/time';
import type { AuthedContext, Route } from './types';

/** GET /snapshot/topology/{id} (backend-contract §2.1): a zip of the component subtree and its catalog context. */

type Row = Record<string, unknown>;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: Row[]): string {
  const first = rows[0];
  if (!first) return '';
  const columns = Object.keys(first);
  return (
    [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\n') + '\n'
  );
}

async function snapshot(ctx: AuthedContext): Promise<Response> {
  const id = ctx.params.id ?? '';
  if (!isUuid(id)) throw badRequest(`invalid component id: ${id.slice(0, 64)}`);
  const now = new Date();
  const from = parseTimeParam('start', firstParam(ctx.url, 'start') ?? '15m', now);
  const endText = firstParam(ctx.url, 'end');
  const to = endText ? parseTimeParam('end', endText, now) : now;
  if (from.getTime() >= to.getTime()) throw badRequest('invalid time range: start must be before end');
  const related = firstParam(ctx.url, 'related') === 'true';
  const logFormat = firstParam(ctx.url, 'logFormat') ?? 'log';
  if (logFormat !== 'log' && logFormat !== 'json')
    throw badRequest('invalid logFormat: expected log or json');
  const db = ctx.services.db;

  const components = await db.query<Row & { id: string; name: string; log_selectors: unknown }>(
    `WITH RECURSIVE tree AS (
       SELECT c.id, 0 AS depth FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL
       UNION
       SELECT c.id, t.depth + 1 FROM components c JOIN tree t ON c.parent_id = t.id WHERE c.deleted_at IS NULL AND t.depth < 10
     ), ids AS (
       SELECT id FROM tree
       UNION
       SELECT r.relationship_id FROM component_relationships r WHERE $2 AND r.deleted_at IS NULL AND r.component_id IN (SELECT id FROM tree)
     )
     SELECT c.id, c.name, c.type, c.status, c.status_reason, c.parent_id, c.topology_id, c.labels, c.properties,
            c.log_selectors, c.created_at, c.updated_at
       FROM components c WHERE c.id IN (SELECT id FROM ids) ORDER BY c.path NULLS FIRST, c.name`,
    [id, related],
  );
  if (components.rows.length === 0) throw notFound(`component ${id} was not found`);
  const ids = components.rows.map((c) => c.id);
  const configs = await db.query<Row>(
    `SELECT ci.id, ci.name, ci.type, ci.config_class, ci.status, ci.health, ci.tags, ci.labels, ci.created_at, ci.updated_at, ci.deleted_at
       FROM config_items ci
      WHERE ci.id IN (SELECT config_id FROM config_component_relationships WHERE component_id = ANY($1::uuid[]) AND deleted_at IS NULL)
         OR ci.id IN (SELECT config_id FROM components WHERE id = ANY($1::uuid[]) AND config_id IS NOT NULL)
      ORDER BY ci.name`,
    [ids],
  );
  const configIds = configs.rows.map((c) => String(c.id));
  const [changes, analysis] = await Promise.all([
    db.query<Row>(
      `SELECT id, config_id, change_type, severity, source, summary, created_at, count FROM config_changes
        WHERE config_id = ANY($1::uuid[]) AND created_at > $2 AND created_at <= $3 ORDER BY created_at DESC`,
      [configIds, from.toISOString(), to.toISOString()],
    ),
    db.query<Row>(
      `SELECT id, config_id, analyzer, analysis_type, severity, status, message, first_observed, last_observed
         FROM config_analysis WHERE config_id = ANY($1::uuid[]) ORDER BY first_observed DESC`,
      [configIds],
    ),
  ]);

  const files: { name: string; content: string }[] = [
    { name: 'components.json', content: JSON.stringify(components.rows, null, 2) },
    { name: 'components.csv', content: toCsv(components.rows) },
    { name: 'config_items.csv', content: toCsv(configs.rows) },
    { name: 'config_changes.csv', content: toCsv(changes.rows) },
    { name: 'config_analysis.csv', content: toCsv(analysis.rows) },
  ];
  for (const c of components.rows) {
    const selectors = Array.isArray(c.log_selectors)
      ? (c.log_selectors as { name?: string; labels?: Record<string, string> }[])
      : [];
    for (const s of selectors) {
      const lines = generateLogLines(c.id, c.name, { name: s.name ?? 'default', labels: s.labels }, from, to);
      const content =
        logFormat === 'json'
          ? JSON.stringify(lines, null, 2)
          : lines.map((l) => `${l.timestamp} ${l.labels.level ?? 'info'} ${l.message}`).join('\n') + '\n';
      files.push({
        name: `logs/${c.name}-${s.name ?? 'default'}.${logFormat === 'json' ? 'json' : 'log'}`,
        content,
      });
    }
  }
  const zip = buildZip(files, now);
  const filename = `snapshot-${now.toISOString().replace(/[:.]/g, '-')}.zip`;
  return new Response(new Uint8Array(zip), {
    status: 200,
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(zip.length),
    },
  });
}

export const snapshotRoutes: Route[] = [
  {
    method: 'GET',
    path: '/snapshot/topology/:id',
    permission: { object: 'topology', action: 'read' },
    handle: endpoint(snapshot),
  },
];
