import type { Database, Queryable } from '../db/types';
import { hashPassword } from '../password';
import { bulkInsert } from './bulk-insert';
import { DEMO_PASSWORD } from './demo-people';
import { DIFF_SQL, DIFF_SUMMARY_SQL, PATCHES_SQL } from './catalog-content';
import { generateSeed, type CheckProfile, type SeedOptions } from './generate';

export type { SeedOptions } from './generate';
export { DEMO_ROLES, DEMO_PASSWORD, demoPersonEmail, demoPersonName } from './demo-people';

/** Bump when the generated data changes shape; a reset is then needed to see it (data is never rewritten). */
export const SEED_VERSION = 2;

export interface SeedResult {
  seeded: boolean;
  durationMs: number;
  rows?: number;
  /** Milliseconds per seeding step, for the start-up log and benchmarks. */
  timings?: Record<string, number>;
}

/** Week-long status history per check, set-based in SQL because it is most of the rows (no JSON per status). */
async function insertCheckStatuses(tx: Queryable, profiles: CheckProfile[]): Promise<void> {
  // Big check counts (benchmarks) keep the last hour at 5-minute resolution and share ~110k rows for the rest.
  const dense = profiles.length <= 400;
  const recent = dense ? 288 : 12; // 5-minute rows
  const hourly = dense ? 144 : Math.max(1, Math.floor(110_000 / Math.max(1, profiles.length)) - 12); // then hourly rows
  const recentSpanMin = recent * 5;
  for (let i = 0; i < profiles.length; i += 1000) {
    const batch = profiles.slice(i, i + 1000);
    await tx.query(
      `INSERT INTO check_statuses (check_id, time, duration, status, message, error, invalid, created_at, details)
       SELECT p.id, ts, dur, ok,
              CASE WHEN ok THEN 'OK' ELSE 'check failed' END,
              CASE WHEN ok THEN NULL ELSE (ARRAY['connection refused', 'timeout after 30s', 'unexpected status code 503', 'TLS handshake failed'])[1 + r % 4] END,
              CASE WHEN NOT ok AND r = 999 THEN true ELSE NULL END,
              ts, NULL::jsonb
       FROM json_to_recordset($1::json) AS p(id uuid, k integer, base integer, mode text, t0 timestamptz, type text)
       CROSS JOIN LATERAL generate_series(0, $2::integer + $3::integer - 1) AS g(i)
       CROSS JOIN LATERAL (SELECT
           abs(hashint4(p.k * 7919 + g.i)) % 1000 AS r,
           abs(hashint4(p.k * 104729 + g.i * 31 + 17)) % 1000 AS r2,
           CASE WHEN g.i < $2 THEN p.t0 - make_interval(mins => g.i * 5)
                ELSE p.t0 - make_interval(mins => $4::integer + (g.i - $2) * 60) END AS ts) h
       CROSS JOIN LATERAL (SELECT
           CASE p.mode
             WHEN 'healthy' THEN g.i = 0 OR h.r >= 20
             WHEN 'unhealthy' THEN g.i >= 12 AND h.r >= 300
             ELSE (g.i / 3) % 2 = 1 END AS ok,
           CASE WHEN h.r2 = 996 THEN 31000 + h.r WHEN h.r2 = 997 THEN 11000 + h.r WHEN h.r2 = 998 THEN 5200 + h.r
                WHEN h.r2 = 999 THEN 1100 + h.r ELSE greatest(1, (p.base * (500 + h.r2)) / 1000) END AS dur) s`,
      [
        JSON.stringify(batch.map(({ id, k, base, mode, t0, type }) => ({ id, k, base, mode, t0, type }))),
        recent,
        hourly,
        recentSpanMin,
      ],
    );
  }
}

/**
 * Config changes over 30 days, set-based with hash-derived (deterministic) choices: about ten per item by default,
 * or `total` spread over the items (1 to 2·total/items − 1 each). `diff` changes carry a unified diff and a matching
 * JSON patch (seed/catalog-content.ts); events carry details as Kubernetes and CloudTrail write them.
 */
async function insertConfigChanges(tx: Queryable, now: Date, total?: number): Promise<void> {
  const items = total
    ? ((await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM config_items')).rows[0]?.n ?? 1)
    : 1;
  // Count per item = 1 + hash % spread: the mean is (1 + spread) / 2, so spread = 2·total/items − 1.
  const spread = total ? Math.max(1, Math.round((2 * total) / Math.max(1, items)) - 1) : 17;
  const base = total ? 1 : 2;
  await tx.query(
    `INSERT INTO config_changes (id, config_id, external_change_id, external_created_by, change_type, severity, source,
        summary, diff, patches, details, created_at, first_observed, inserted_at, count, fingerprint)
     SELECT md5('change' || ci.id::text || g.n)::uuid, ci.id, 'ext-' || md5(ci.id::text || g.n),
       CASE WHEN x.h2 % 3 = 0 THEN (ARRAY['alice.anders@example.com', 'system:serviceaccount:kube-system:deployment-controller', 'arn:aws:iam::123456789012:user/ci', 'github-actions[bot]'])[1 + x.h1 % 4] END,
       x.change_type,
       CASE WHEN x.h2 % 100 < 65 THEN 'info' WHEN x.h2 % 100 < 80 THEN 'low' WHEN x.h2 % 100 < 90 THEN 'medium' WHEN x.h2 % 100 < 97 THEN 'high' ELSE 'critical' END,
       CASE WHEN ci.type LIKE 'AWS::%' THEN 'CloudTrail' WHEN ci.type LIKE 'Kubernetes::%' THEN 'kubernetes/' || coalesce(ci.tags ->> 'cluster', 'prod') ELSE 'scraper' END,
       CASE x.change_type
         WHEN 'diff' THEN ${DIFF_SUMMARY_SQL}
         WHEN 'BackOff' THEN 'Back-off restarting failed container app in pod ' || coalesce(ci.name, '')
         WHEN 'Unhealthy' THEN 'Readiness probe failed: HTTP probe failed with statuscode: 503'
         WHEN 'Pulled' THEN 'Successfully pulled image "ghcr.io/acme/' || coalesce(split_part(ci.name, '-', 1), 'app') || ':1.' || x.h1 % 9 || '.' || x.h2 % 7 || '" in ' || (x.h1 % 9000) || 'ms'
         WHEN 'Killing' THEN 'Stopping container app'
         WHEN 'Scheduled' THEN 'Successfully assigned ' || coalesce(ci.tags ->> 'namespace', 'default') || '/' || coalesce(ci.name, '') || ' to ' || coalesce(ci.tags ->> 'cluster', 'prod') || '-node-' || x.h1 % 4
         WHEN 'ScalingReplicaSet' THEN 'Scaled up replica set ' || coalesce(ci.name, '') || ' to ' || (x.h1 % 5 + 2)
         ELSE x.change_type || ' on ' || coalesce(ci.name, ci.id::text)
       END,
       CASE WHEN x.change_type = 'diff' THEN ${DIFF_SQL} END,
       CASE WHEN x.change_type = 'diff' THEN ${PATCHES_SQL} END,
       CASE
         WHEN ci.type LIKE 'AWS::%' THEN jsonb_build_object('eventName', x.change_type, 'eventSource', 'ec2.amazonaws.com', 'awsRegion', coalesce(ci.tags ->> 'region', 'eu-west-1'),
           'userIdentity', jsonb_build_object('type', 'IAMUser', 'arn', 'arn:aws:iam::123456789012:user/ci'), 'sourceIPAddress', '203.0.113.' || (x.h1 % 250))
         WHEN ci.type LIKE 'Kubernetes::%' AND x.change_type NOT IN ('diff', 'CREATE', 'UPDATE', 'DELETE') THEN jsonb_build_object('reason', x.change_type,
           'source', jsonb_build_object('component', CASE WHEN x.change_type = 'ScalingReplicaSet' THEN 'deployment-controller' ELSE 'kubelet' END, 'host', coalesce(ci.tags ->> 'cluster', 'prod') || '-node-' || x.h1 % 4),
           'involvedObject', jsonb_build_object('kind', split_part(ci.type, '::', 2), 'name', ci.name, 'namespace', ci.tags ->> 'namespace'), 'count', 1 + x.h2 % 8)
         ELSE jsonb_build_object('reason', x.change_type, 'n', g.n)
       END,
       x.at, x.at - make_interval(mins => CASE WHEN x.h2 % 20 = 0 THEN 90 ELSE 0 END), x.at,
       CASE WHEN x.h2 % 20 = 0 THEN 2 + x.h1 % 8 ELSE 1 END,
       md5(ci.type || x.change_type)
     FROM config_items ci
     CROSS JOIN LATERAL generate_series(1, $2::int + abs(hashtext(ci.id::text)) % $3::int) AS g(n)
     CROSS JOIN LATERAL (SELECT abs(hashtext(ci.id::text || 'a' || g.n)) AS h1, abs(hashtext(ci.id::text || 'b' || g.n)) AS h2) hh
     CROSS JOIN LATERAL (SELECT hh.h1, hh.h2,
         $1::timestamptz - make_interval(mins => hh.h1 % (30 * 24 * 60)) AS at,
         CASE WHEN ci.type LIKE 'AWS::EC2%' THEN (ARRAY['diff', 'RunInstances', 'TerminateInstances', 'UPDATE', 'diff'])[1 + hh.h2 % 5]
              WHEN ci.type LIKE 'Kubernetes::%' THEN (ARRAY['diff', 'diff', 'diff', 'CREATE', 'UPDATE', 'DELETE', 'Pulled', 'Started', 'Killing', 'BackOff', 'Unhealthy', 'Scheduled', 'ScalingReplicaSet', 'PlaybookCompleted', 'NotificationSent'])[1 + hh.h2 % 15]
              ELSE (ARRAY['diff', 'CREATE', 'UPDATE', 'DELETE', 'PlaybookStarted', 'NotificationFailed'])[1 + hh.h2 % 6] END AS change_type) x`,
    [now.toISOString(), base, spread],
  );
}

/** Tables whose secondary indexes are dropped during the bulk load and rebuilt after: one sort beats 100k inserts. */
const BULK_TABLES = [
  'check_statuses',
  'config_changes',
  'config_items',
  'job_history',
  'notification_send_history',
];

/** Drops the plain (non-constraint) indexes of the bulk tables and returns their definitions for rebuilding. */
async function dropBulkIndexes(tx: Queryable): Promise<string[]> {
  const found = await tx.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = 'public' AND i.tablename = ANY ($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const index of found.rows) {
    if (!/^[a-z_0-9]+$/.test(index.name)) throw new Error(`unexpected index name ${index.name}`);
    await tx.query(`DROP INDEX ${index.name}`);
  }
  return found.rows.map((r) => r.def);
}

/** The tables whose statistics the list and summary plans depend on (the bulk tables and what joins them). */
const ANALYZED_TABLES = [
  ...BULK_TABLES,
  'checks',
  'canaries',
  'config_relationships',
  'incident_histories',
  'notification_silences',
];

/**
 * Gathers planner statistics for the seeded tables. PGlite has no autovacuum, so without this the planner guesses
 * one row per table and picks nested loops and sequential scans that cost seconds (health summary, changes count).
 */
export async function analyzeTables(db: Database): Promise<void> {
  // A small sample (3,000 rows a table) is enough for row counts and plan choice, and 4× quicker on a cold start.
  // Table names are the constant list above, never request input.
  await db.transaction(async (tx) => {
    await tx.query('SET LOCAL default_statistics_target = 10');
    await tx.query(`ANALYZE ${ANALYZED_TABLES.join(', ')}`);
  });
}

/** The tables behind the catalog and changes pages: their counts run as index-only scans once pages are all-visible. */
const VACUUMED_TABLES = ['config_items', 'config_changes', 'config_analysis'];

/**
 * Sets the visibility map of the freshly seeded list tables (PGlite has no autovacuum, PostgreSQL's comes later), so
 * a count=exact page counts index entries instead of visiting every heap page. Names are the constant list above.
 */
export async function vacuumListTables(db: Database): Promise<void> {
  await db.query(`VACUUM ${VACUUMED_TABLES.join(', ')}`);
}

/** True when the big tables have rows but no statistics (a database seeded before analyzeTables existed). */
export async function statisticsMissing(db: Queryable): Promise<boolean> {
  const r = await db.query<{ missing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM check_statuses) AND NOT EXISTS (
       SELECT 1 FROM pg_statistic WHERE starelid = 'check_statuses'::regclass) AS missing`,
  );
  return r.rows[0]?.missing ?? false;
}

/**
 * Tables whose insert triggers must run during the load, so they load with the origin role: the incident tables
 * write the histories the demo needs; playbook_runs moves password parameters to their write-only store (migration
 * 0312), or the seeded runs would hold them in clear.
 */
const TRIGGERED_TABLES = new Set([
  'incidents',
  'responders',
  'comments',
  'evidences',
  'hypotheses',
  'playbook_runs',
]);

/** session_replication_role needs a superuser (PGlite always is; a managed PostgreSQL role usually is not). */
async function isSuperuser(tx: Queryable): Promise<boolean> {
  const r = await tx.query<{ su: boolean }>(
    'SELECT rolsuper AS su FROM pg_roles WHERE rolname = current_user',
  );
  return r.rows[0]?.su === true;
}

/** True when demo data of any version is present. */
export async function isSeeded(db: Queryable): Promise<boolean> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM embedded_seed');
  return (r.rows[0]?.n ?? 0) > 0;
}

/** Generates the demo data once (no-op when already seeded), all in one transaction. */
export async function seedDatabase(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  if (await isSeeded(db)) return { seeded: false, durationMs: Math.round(performance.now() - started) };
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (step: string) => {
    const t = performance.now();
    timings[step] = Math.round(t - mark);
    mark = t;
  };
  const now = options.now ?? new Date();
  const generated = generateSeed({ ...options, now });
  // scrypt runs on libuv's threads: started now, it overlaps the inserts instead of delaying them.
  const hashing = Promise.all(generated.demoPeople.map(() => hashPassword(DEMO_PASSWORD)));
  hashing.catch(() => undefined);
  let rows = 0;
  lap('generate');
  await db.transaction(async (tx) => {
    const indexes = await dropBulkIndexes(tx);
    // Per-row FK checks cost seconds on PGlite (SPI per row); the seed's references hold by construction, so the
    // replica role skips them. Tables whose insert triggers must run (TRIGGERED_TABLES) load as origin.
    const replica = await isSuperuser(tx);
    let role = 'origin';
    const setRole = async (next: 'origin' | 'replica') => {
      if (!replica || next === role) return;
      await tx.query(
        next === 'replica'
          ? 'SET LOCAL session_replication_role = replica'
          : 'SET LOCAL session_replication_role = origin',
      );
      role = next;
    };
    // The parent → hard relationship trigger is replaced by one set-based insert for the bulk load.
    await tx.query('ALTER TABLE config_items DISABLE TRIGGER config_items_parent_relationship');
    for (const [table, tableRows] of generated.tables) {
      await setRole(TRIGGERED_TABLES.has(table) ? 'origin' : 'replica');
      await bulkInsert(tx, table, tableRows);
      rows += tableRows.length;
    }
    // Deferred FK checks must run now: ALTER TABLE and CREATE INDEX refuse tables with pending trigger events.
    await setRole('origin');
    await tx.query('SET CONSTRAINTS ALL IMMEDIATE');
    await tx.query('ALTER TABLE config_items ENABLE TRIGGER config_items_parent_relationship');
    await tx.query(
      `INSERT INTO config_relationships (config_id, related_id, relation, created_at)
       SELECT parent_id, id, 'hard', created_at FROM config_items WHERE parent_id IS NOT NULL
       ON CONFLICT DO NOTHING`,
    );
    const hashes = await hashing;
    await bulkInsert(
      tx,
      'people_passwords',
      generated.demoPeople.map((p, i) => ({ person_id: p.id, password_hash: hashes[i] })),
    );
    await tx.query(`SELECT setval('incident_id_sequence', 2000)`);
    lap('tables');
    await setRole('replica');
    await insertCheckStatuses(tx, generated.checkProfiles);
    lap('check_statuses');
    await insertConfigChanges(tx, now, options.changes);
    await setRole('origin');
    // The replica role skipped the statement triggers too: advance the summary cache version by hand.
    await tx.query(`SELECT nextval('check_data_version')`);
    lap('config_changes');
    // Definitions come from pg_indexes of our own schema, not from any request.
    for (const definition of indexes) await tx.query(definition);
    lap('indexes');
    // The catalog's aggregates (migrations 0351, 0352) are recomputed once instead of row by row: the replica role
    // skipped their triggers, and one set-based pass is cheaper than the triggers' even where they ran.
    await tx.query('SELECT console_internal.catalog_aggregates_rebuild()');
    lap('summary aggregates');
    const counted = await tx.query<{ n: number }>(
      'SELECT ((SELECT count(*) FROM check_statuses) + (SELECT count(*) FROM config_changes) + (SELECT count(*) FROM incident_histories) + (SELECT count(*) FROM config_relationships))::int AS n',
    );
    rows += counted.rows[0]?.n ?? 0;
    await tx.query('INSERT INTO embedded_seed (version, options, duration_ms) VALUES ($1, $2, $3)', [
      SEED_VERSION,
      JSON.stringify({
        checks: options.checks ?? null,
        configItems: options.configItems ?? null,
        changes: options.changes ?? null,
        namePrefix: options.namePrefix ?? null,
      }),
      Math.round(performance.now() - started),
    ]);
  });
  lap('commit');
  await analyzeTables(db);
  lap('analyze');
  await vacuumListTables(db);
  lap('vacuum');
  return { seeded: true, durationMs: Math.round(performance.now() - started), rows, timings };
}
