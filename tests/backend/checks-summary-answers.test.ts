import { checksSummaryBody, checksSummaryQuery } from '@/lib/embedded-backend/endpoints/canary';
import { databaseIso, toIso } from '@/lib/embedded-backend/endpoints/shared/time';
import { checksSummaryBefore } from './helpers/checks-summary-before';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * Issue 35: the health summary (GET|POST /canary/api/summary) reads silences once per check and per canary, its three
 * percentiles in one aggregate and its timestamps without parsing dates (databaseIso), and answers byte for byte what
 * it answered before (helpers/checks-summary-before.ts) — over silences of checks and canaries in force, expired,
 * deleted and yet to start, results without a duration, windows with and without the last hour, every filter, and
 * timestamps Date cannot write the way the database does (infinity, BC, five-digit years, microseconds).
 */

const hoursAgo = (now: Date, h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

const without = ({ duration: _duration, ...rest }: Record<string, unknown>) => JSON.stringify(rest);

describe.each(coreEngines())('health summary answers on %s', (engine) => {
  let f: EndpointsFixture;
  let checkId: string;
  let canaryId: string;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    const exec = (sql: string, params: unknown[] = []) => f.backend.db.query(sql, params);
    checkId = await f.one(`SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`);
    // The check is silenced itself and through its canary: the earlier of the two silences it.
    canaryId = await f.one(`SELECT canary_id FROM checks WHERE id = $1`, [checkId]);
    await exec(`UPDATE checks SET silenced_at = NULL WHERE id = $1`, [checkId]);
    const other = await f.one(
      `SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1 OFFSET 5`,
    );
    await exec(
      `INSERT INTO notification_silences (name, check_id, canary_id, "from", until, created_at, deleted_at) VALUES
         ('check now', $1, NULL, now() - interval '2 hours', now() + interval '1 hour', now() - interval '3 hours', NULL),
         ('check earlier, deleted', $1, NULL, now() - interval '9 hours', NULL, now() - interval '9 hours', now()),
         ('check expired', $1, NULL, now() - interval '8 hours', now() - interval '1 hour', now() - interval '8 hours', NULL),
         ('canary without from', NULL, $2, NULL, NULL, now() - interval '5 hours', NULL),
         ('canary later', NULL, $2, now() - interval '1 hour', NULL, now() - interval '1 hour', NULL),
         ('canary not yet', NULL, $2, now() + interval '1 hour', NULL, now(), NULL),
         ('both', $3, $2, now() - interval '30 minutes', NULL, now(), NULL)`,
      [checkId, canaryId, other],
    );
    await exec(
      `INSERT INTO check_statuses (check_id, time, status, duration)
       SELECT $1, now() - g * interval '7 minutes' - interval '0.999999 seconds', g % 3 <> 0,
              CASE WHEN g % 4 = 0 THEN NULL ELSE g * 13 END
         FROM generate_series(1, 40) g`,
      [other],
    );
    await exec(
      `UPDATE checks SET next_runtime = 'infinity', last_transition_time = '0044-03-15 12:00:00+00 BC',
              created_at = '12000-01-01 00:00:00+00', updated_at = now() - interval '0.000001 seconds'
        WHERE id = $1`,
      [other],
    );
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('answers every request as the code of before did', async () => {
    const now = new Date();
    const requests: Record<string, string>[] = [
      {},
      { since: 'now-3h' },
      { start: hoursAgo(now, 5), end: hoursAgo(now, 2) },
      { start: hoursAgo(now, 1.5), end: hoursAgo(now, 0.75) },
      { check_id: checkId },
      { canary_id: canaryId, sortBy: 'name' },
      { labels: 'env=production' },
      { include_deleted: 'true', since: 'now-7d' },
      { deleted_from: 'now-7d' },
    ];
    for (const p of requests) {
      const q = () => checksSummaryQuery(p, now);
      const served = await checksSummaryBody(f.backend.db, q());
      const before = await checksSummaryBefore(f.backend.db, q());
      expect({ p, served: without(served) }).toEqual({ p, served: without(before) });
      expect(served.checks_summary).toBeDefined();
    }
    const silenced = (await checksSummaryBody(f.backend.db, checksSummaryQuery({}, now))).checks_summary as {
      silenced_at?: string;
    }[];
    expect(silenced.filter((c) => c.silenced_at).length).toBeGreaterThan(1);
  });

  it('answers over HTTP what the code of before computes', async () => {
    const now = new Date();
    const p = { start: hoursAgo(now, 6), end: hoursAgo(now, 0.5) };
    const response = await f.call('GET', `/canary/api/summary?${new URLSearchParams(p).toString()}`);
    expect(response.status).toBe(200);
    const before = await checksSummaryBefore(f.backend.db, checksSummaryQuery(p, now));
    expect(without((await response.json()) as Record<string, unknown>)).toBe(without(before));
  });

  it('writes the database’s timestamps as toIso does', async () => {
    const r = await f.backend.db.query<{ j: string }>(
      `SELECT row_to_json(t)::text AS j FROM (SELECT v FROM unnest(ARRAY[
         now(), now() - interval '0.000001 seconds', now() - interval '0.9 seconds', '2026-12-07 13:22:10+00',
         '2026-12-07 13:22:10.1+00', '2026-12-07 13:22:10.999999+00', '0001-01-01 00:00:00+00',
         '9999-12-31 23:59:59.999999+00', '0044-03-15 12:00:00+00 BC', '12000-01-01 00:00:00+00', 'infinity',
         '-infinity', NULL]::timestamptz[]) v) t`,
    );
    const values = r.rows.map((row) => (JSON.parse(row.j) as { v: string | null }).v);
    expect(values.map(databaseIso)).toEqual(values.map(toIso));
    expect(values.filter((v) => v !== null && databaseIso(v) !== v).length).toBeGreaterThan(5);
  });
});
