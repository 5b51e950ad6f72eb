import type { Queryable } from '@/lib/embedded-backend/db/types';
import type { ChecksSummaryQuery } from '@/lib/embedded-backend/endpoints/canary';
import { omitEmpty } from '@/lib/embedded-backend/endpoints/shared/http';
import { toIso } from '@/lib/embedded-backend/endpoints/shared/time';

/**
 * The health summary's body as the embedded backend computed it before issue 35's twelfth session (a silence lookup
 * per check, three percentile aggregates, every timestamp through toIso): the reference the contract test compares
 * today's answers with, byte for byte.
 */

type Row = Record<string, never> & {
  passed: number | null;
  failed: number | null;
  p95: number | null;
  p97: number | null;
  p99: number | null;
  rolling1h: string | null;
  labels: Record<string, string> | null;
};

function num(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export async function checksSummaryBefore(
  db: Queryable,
  { sql, order, coversLastHour }: ChecksSummaryQuery,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  // A window that contains the last hour (the default 1h, 24h, 7d) yields rolling1h from the same scan.
  const rolling = coversLastHour
    ? `r AS (SELECT check_id, rolling1h FROM s)`
    : `r AS (
       SELECT check_id, round(avg(duration))::text AS rolling1h
       FROM check_statuses WHERE time > $2::timestamptz - interval '1 hour' AND time <= $2 GROUP BY check_id
     )`;
  // One JSON text per row: at 5,000 checks the driver's per-field parsing of 27 columns cost more than the query.
  const result = await db.query<{ j: string }>(
    `SELECT row_to_json(x)::text AS j FROM (WITH s AS (
       SELECT check_id,
         count(*) FILTER (WHERE status)::int AS passed, count(*) FILTER (WHERE NOT status)::int AS failed,
         max(time) FILTER (WHERE status) AS last_pass, max(time) FILTER (WHERE NOT status) AS last_fail,
         percentile_disc(0.95) WITHIN GROUP (ORDER BY duration) AS p95,
         percentile_disc(0.97) WITHIN GROUP (ORDER BY duration) AS p97,
         percentile_disc(0.99) WITHIN GROUP (ORDER BY duration) AS p99,
         round(avg(duration) FILTER (WHERE time > $2::timestamptz - interval '1 hour'))::text AS rolling1h
       FROM check_statuses WHERE time > $1 AND time <= $2 GROUP BY check_id
     ), ${rolling}
     SELECT c.id, c.canary_id, k.name AS canary_name, k.namespace AS canary_namespace, c.agent_id, c.description, c.icon,
       coalesce(k.labels, '{}'::jsonb) || coalesce(c.labels, '{}'::jsonb) AS labels, c.last_transition_time, c.name,
       c.namespace, c.owner, c.severity, c.status, c.type, c.last_runtime, c.next_runtime, c.created_at, c.updated_at,
       c.deleted_at,
       coalesce(c.silenced_at, (
         SELECT min(coalesce(ns."from", ns.created_at)) FROM notification_silences ns
          WHERE ns.deleted_at IS NULL AND (ns.check_id = c.id OR ns.canary_id = c.canary_id)
            AND (ns."from" IS NULL OR ns."from" <= now()) AND (ns.until IS NULL OR ns.until > now()))) AS silenced_at,
       s.passed, s.failed, s.last_pass, s.last_fail, s.p95, s.p97, s.p99, r.rolling1h
     FROM checks c
     JOIN canaries k ON k.id = c.canary_id
     LEFT JOIN s ON s.check_id = c.id
     LEFT JOIN r ON r.check_id = c.id
     ${sql.whereClause()}) x
     ORDER BY ${order}`,
    sql.params,
  );
  const items = result.rows.map(({ j }) => {
    // Timestamps arrive as JSON strings; toIso() normalizes them exactly as it does Date values.
    const row = JSON.parse(j) as Row;
    const passed = row.passed ?? 0;
    const failed = row.failed ?? 0;
    const total = passed + failed;
    return omitEmpty({
      id: row.id,
      canary_id: row.canary_id,
      canary_name: row.canary_name,
      canary_namespace: row.canary_namespace,
      agent_id: row.agent_id,
      description: row.description,
      icon: row.icon,
      labels: row.labels ?? {},
      last_transition_time: toIso(row.last_transition_time),
      latency: omitEmpty({
        p99: num(row.p99) || undefined,
        p97: num(row.p97) || undefined,
        p95: num(row.p95) || undefined,
        rolling1h: num(row.rolling1h) ?? 0,
      }),
      name: row.name,
      namespace: row.namespace,
      owner: row.owner,
      severity: row.severity,
      status: row.status,
      type: row.type,
      uptime: omitEmpty({
        passed,
        failed,
        p100: total > 0 ? Math.round((passed / total) * 10000) / 100 : undefined,
        last_pass: toIso(row.last_pass),
        last_fail: toIso(row.last_fail),
      }),
      last_runtime: toIso(row.last_runtime),
      next_runtime: toIso(row.next_runtime),
      created_at: toIso(row.created_at),
      updated_at: toIso(row.updated_at),
      deleted_at: toIso(row.deleted_at),
      silenced_at: toIso(row.silenced_at),
    });
  });
  const body: Record<string, unknown> = {
    duration: Math.round(performance.now() - started),
    runnerName: 'embedded',
  };
  if (items.length) body.checks_summary = items;
  return body;
}
