import type { Queryable } from '../../db/types';

/** Simulated execution of health checks, shared by "Run now" and the demo ticker so both write the same rows. */

export interface RunnableCheck {
  id: string;
  type: string;
  name: string;
  status: string | null;
  intervalSeconds: number;
}

export interface CheckRunResult {
  checkId: string;
  name: string;
  pass: boolean;
  duration: number;
  message: string;
  error: string | null;
  time: Date;
}

/** Typical duration of one run per check type, in ms: the seed's history and the simulated runs both use it. */
export const CHECK_BASE_DURATION_MS: Record<string, number> = {
  http: 180,
  dns: 25,
  tcp: 15,
  icmp: 8,
  postgres: 60,
  mysql: 70,
  redis: 5,
  mongodb: 45,
  elasticsearch: 120,
  kubernetes: 400,
  prometheus: 220,
  alertmanager: 150,
  exec: 900,
  s3: 300,
  folder: 80,
  junit: 2500,
};
const ERRORS = [
  'connection refused',
  'timeout after 30s',
  'unexpected status code 503',
  'TLS handshake failed',
];

/** FNV-1a: a stable hash so the same check at the same second always produces the same outcome. */
export function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Healthy checks fail 1 % of runs and unhealthy ones recover in 5 %, so about a sixth stay red while the board moves. */
export function simulateCheck(check: RunnableCheck, time: Date): CheckRunResult {
  const h = stableHash(`${check.id}:${Math.floor(time.getTime() / 1000)}`);
  const pass = check.status === 'unhealthy' ? h % 100 < 5 : h % 100 !== 0;
  const base = CHECK_BASE_DURATION_MS[check.type] ?? 100;
  const duration = Math.max(1, Math.round((base * (500 + ((h >>> 8) % 1000))) / 1000));
  return {
    checkId: check.id,
    name: check.name,
    pass,
    duration,
    message: pass ? `${check.type} check passed in ${duration}ms` : `${check.type} check failed`,
    error: pass ? null : (ERRORS[(h >>> 4) % ERRORS.length] ?? 'check failed'),
    time,
  };
}

/** A check row as the runner needs it; `interval` is the check's own (seconds, text), else `fallbackSeconds`. */
export function runnableCheck(
  row: { id: string; type: string; name: string; status: string | null; interval: string | null },
  fallbackSeconds: number,
): RunnableCheck {
  const n = Number(row.interval);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    status: row.status,
    intervalSeconds: Number.isFinite(n) && n > 0 ? n : fallbackSeconds,
  };
}

/** Loads live checks with their effective interval (check spec, then canary spec, default 60 s). */
export async function loadRunnableChecks(db: Queryable, ids?: string[]): Promise<RunnableCheck[]> {
  const r = await db.query<{
    id: string;
    type: string;
    name: string;
    status: string | null;
    interval: string | null;
  }>(
    `SELECT c.id, c.type, c.name, c.status,
            coalesce(c.spec ->> 'interval', k.spec ->> 'interval') AS interval
       FROM checks c JOIN canaries k ON k.id = c.canary_id
      WHERE c.deleted_at IS NULL AND k.deleted_at IS NULL AND ($1::uuid[] IS NULL OR c.id = ANY($1::uuid[]))`,
    [ids ?? null],
  );
  return r.rows.map((row) => runnableCheck(row, 60));
}

/** Writes the results: one check_statuses row each, and the check's status, last and next run time. */
export async function recordCheckResults(
  db: Queryable,
  checks: RunnableCheck[],
  results: CheckRunResult[],
): Promise<void> {
  if (results.length === 0) return;
  const intervals = new Map(checks.map((c) => [c.id, c.intervalSeconds]));
  const rows = results.map((r) => ({
    check_id: r.checkId,
    time: r.time.toISOString(),
    next: new Date(r.time.getTime() + (intervals.get(r.checkId) ?? 60) * 1000).toISOString(),
    duration: r.duration,
    status: r.pass,
    message: r.message,
    error: r.error,
  }));
  const payload = JSON.stringify(rows);
  await db.query(
    `INSERT INTO check_statuses (check_id, time, duration, status, message, error, created_at, details)
     SELECT check_id, time, duration, status, message, error, time, '{"attempt":1}'::jsonb
       FROM json_to_recordset($1::json) AS x(check_id uuid, time timestamptz, duration integer, status boolean, message text, error text)
     ON CONFLICT (check_id, time) DO UPDATE SET duration = EXCLUDED.duration, status = EXCLUDED.status,
       message = EXCLUDED.message, error = EXCLUDED.error`,
    [payload],
  );
  await db.query(
    `UPDATE checks c SET status = CASE WHEN x.status THEN 'healthy' ELSE 'unhealthy' END,
            last_runtime = x.time, next_runtime = x.next, updated_at = x.time
       FROM json_to_recordset($1::json) AS x(check_id uuid, time timestamptz, next timestamptz, status boolean)
      WHERE c.id = x.check_id`,
    [payload],
  );
}
