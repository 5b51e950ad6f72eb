import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase, SCHEMA_TEXT } from '@/lib/embedded-backend/bootstrap';
import { templateDir } from '@/lib/embedded-backend/db/pglite-template';
import { openDatabase, resolvePgliteDir } from '@/lib/embedded-backend/db/open-database';
import type { Queryable } from '@/lib/embedded-backend/db/types';
import { migrate } from '@/lib/embedded-backend/schema/migrate';
import { MIGRATIONS } from '@/lib/embedded-backend/schema/migrations';
import { seedDatabase } from '@/lib/embedded-backend/seed';
import { generateSeed } from '@/lib/embedded-backend/seed/generate';
import { CONNECTION_TYPES } from '@/lib/connections/definitions';
import { createPayload, recordToValues } from '@/lib/connections/mapping';
import { connectionTypeOf } from '@/lib/connections/registry';
import type { ConnectionRecord } from '@/lib/connections/types';
import { SPEC_TABLES, validateSpec } from '@/lib/embedded-backend/schemas';
import { ACTION_KINDS } from '@/lib/embedded-backend/seed/playbooks';
import { coreEngines, startCoreBackend, type CoreBackend } from './helpers/core-backend';
import {
  CLUSTER_DOWNSTREAM_TYPES,
  NOTIFICATION_SEND_STATUSES,
  PLAYBOOK_RUN_STATUSES,
} from './helpers/demo-data-facts';

async function values(db: Queryable, sql: string): Promise<string[]> {
  const r = await db.query<{ v: string | null }>(sql);
  return r.rows.map((row) => String(row.v));
}

async function count(db: Queryable, sql: string): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) x`);
  return r.rows[0]?.n ?? -1;
}

const VIEWS = [
  'check_status_summary',
  'check_summary',
  'check_names',
  'checks_labels_keys',
  'checks_by_component',
  'check_summary_for_config',
  'canaries_with_status',
  'component_names',
  'component_labels',
  'component_labels_keys',
  'components_with_logs',
  'topologies_with_status',
  'configs',
  'config_names',
  'config_detail',
  'config_types',
  'config_classes',
  'config_statuses',
  'analysis_types',
  'analyzer_types',
  'change_types',
  'config_analysis_analyzers',
  'config_tags',
  'config_labels',
  'config_tags_labels_keys',
  'config_analysis_items',
  'catalog_changes',
  'changes_by_component',
  'analysis_by_component',
  'config_scrapers_with_status',
  'incidents_by_component',
  'incidents_by_config',
  'incident_summary',
  'playbook_names',
  'people_roles',
  'teams_with_status',
  'agents_summary',
  'permissions_summary',
  'notifications_summary',
  'notification_send_history_summary',
  'job_histories',
  'job_history_names',
  'job_history_latest_status',
  'integrations_with_status',
  'event_queue_summary',
  'canary_names',
];

describe.each(coreEngines())('core schema and seed on %s', (engine) => {
  let backend: CoreBackend;

  beforeAll(async () => {
    backend = await startCoreBackend(engine);
  });

  afterAll(async () => {
    await backend?.dispose();
  });

  it('records every migration once', async () => {
    const applied = await values(backend.db, 'SELECT version AS v FROM schema_migrations ORDER BY version');
    expect(applied).toEqual(MIGRATIONS.map((m) => String(m.version)));
  });

  it('uses the real foreign-key constraint names that embedding hints rely on', async () => {
    const names = await values(backend.db, `SELECT conname AS v FROM pg_constraint WHERE contype = 'f'`);
    for (const name of [
      'checks_canary_id_fkey',
      'checks_agent_id_fkey',
      'config_relationships_config_id_fkey',
      'config_relationships_related_id_fkey',
      'config_component_relationships_config_id_fkey',
      'config_component_relationships_component_id_fkey',
      'incidents_commander_id_fkey',
      'people_team_id_fkey',
      'playbook_runs_notification_send_id_fkey',
      'components_parent_id_fkey',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('seeds about the reference scale, with the six demo people', async () => {
    const db = backend.db;
    expect(await count(db, 'SELECT 1 FROM checks')).toBeGreaterThanOrEqual(260);
    expect(await count(db, 'SELECT 1 FROM check_statuses')).toBeGreaterThan(100_000);
    expect(await count(db, 'SELECT 1 FROM config_items')).toBeGreaterThanOrEqual(3000);
    expect(await count(db, 'SELECT 1 FROM config_changes')).toBeGreaterThan(20_000);
    expect(await count(db, 'SELECT 1 FROM config_analysis')).toBeGreaterThan(1000);
    const demo = await values(
      db,
      `SELECT p.email AS v FROM people p JOIN people_passwords pw ON pw.person_id = p.id ORDER BY p.email`,
    );
    expect(demo).toEqual(
      ['admin', 'commander', 'editor', 'guest', 'responder', 'viewer'].map((r) => `${r}@demo.local`),
    );
    const hashes = await values(db, 'SELECT password_hash AS v FROM people_passwords');
    for (const hash of hashes) expect(hash).toMatch(/^scrypt\$/);
    expect(await count(db, `SELECT 1 FROM agents WHERE id = '00000000-0000-0000-0000-000000000000'`)).toBe(1);
  });

  it('covers every state the spec names', async () => {
    const db = backend.db;
    const distinct = (sql: string) => values(db, sql).then((v) => v.sort());
    expect(await distinct('SELECT DISTINCT status AS v FROM incidents')).toEqual([
      'closed',
      'investigating',
      'mitigated',
      'new',
      'open',
      'resolved',
    ]);
    expect(await distinct('SELECT DISTINCT severity AS v FROM incidents')).toEqual([
      'blocker',
      'critical',
      'high',
      'low',
      'medium',
    ]);
    expect(await distinct('SELECT DISTINCT type AS v FROM incidents')).toEqual(
      [
        'availability',
        'compliance',
        'cost',
        'integration',
        'performance',
        'reliability',
        'security',
        'technicalDebt',
      ].sort(),
    );
    expect(await distinct('SELECT DISTINCT status AS v FROM hypotheses')).toEqual([
      'disproven',
      'improbable',
      'likely',
      'possible',
      'proven',
      'unlikely',
    ]);
    expect(await distinct('SELECT DISTINCT type AS v FROM hypotheses')).toEqual([
      'factor',
      'root',
      'solution',
    ]);
    expect(await distinct('SELECT DISTINCT type AS v FROM evidences')).toEqual([
      'check',
      'comment',
      'config',
      'config_analysis',
      'config_change',
      'log',
      'topology',
    ]);
    expect(await distinct('SELECT DISTINCT status AS v FROM job_history')).toEqual([
      'FAILED',
      'RUNNING',
      'SKIPPED',
      'STALE',
      'STOPPED',
      'SUCCESS',
      'WARNING',
    ]);
    expect(await distinct('SELECT DISTINCT status AS v FROM playbook_runs')).toEqual(
      expect.arrayContaining(PLAYBOOK_RUN_STATUSES),
    );
    expect(await distinct('SELECT DISTINCT status AS v FROM playbook_run_actions')).toEqual(
      expect.arrayContaining([
        'completed',
        'failed',
        'skipped',
        'running',
        'scheduled',
        'waiting',
        'sleeping',
        'waiting_children',
      ]),
    );
    expect(await distinct('SELECT DISTINCT status AS v FROM notification_send_history')).toEqual(
      expect.arrayContaining(NOTIFICATION_SEND_STATUSES),
    );
    expect(await distinct('SELECT DISTINCT status AS v FROM checks WHERE status IS NOT NULL')).toEqual([
      'healthy',
      'unhealthy',
    ]);
    const checks = [
      'SELECT 1 FROM config_items WHERE deleted_at IS NOT NULL',
      'SELECT 1 FROM checks WHERE deleted_at IS NOT NULL',
      'SELECT 1 FROM checks WHERE silenced_at IS NOT NULL',
      'SELECT 1 FROM checks c WHERE NOT EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id)',
      'SELECT 1 FROM notification_silences WHERE until IS NULL AND deleted_at IS NULL',
      'SELECT 1 FROM notification_silences WHERE until > now() AND deleted_at IS NULL',
      'SELECT 1 FROM notification_silences WHERE until < now()',
      'SELECT 1 FROM notification_silences WHERE "from" > now()',
      'SELECT 1 FROM components WHERE hidden',
      'SELECT 1 FROM components WHERE deleted_at IS NOT NULL',
      'SELECT 1 FROM components WHERE jsonb_array_length(log_selectors) > 0',
      `SELECT 1 FROM canaries WHERE agent_id <> '00000000-0000-0000-0000-000000000000'`,
      `SELECT 1 FROM topologies WHERE agent_id <> '00000000-0000-0000-0000-000000000000'`,
      `SELECT 1 FROM config_items WHERE agent_id <> '00000000-0000-0000-0000-000000000000'`,
      `SELECT 1 FROM playbooks WHERE source = 'KubernetesCRD'`,
      `SELECT 1 FROM canaries WHERE source = 'KubernetesCRD'`,
      'SELECT 1 FROM canaries WHERE deleted_at IS NOT NULL',
      'SELECT 1 FROM agents WHERE deleted_at IS NOT NULL AND cleanup',
      'SELECT 1 FROM agents WHERE last_seen IS NULL',
      'SELECT 1 FROM playbook_runs WHERE parent_id IS NOT NULL',
      'SELECT 1 FROM playbook_approvals WHERE team_id IS NOT NULL',
      'SELECT 1 FROM playbook_approvals WHERE person_id IS NOT NULL',
      'SELECT 1 FROM artifacts',
      'SELECT 1 FROM responders WHERE team_id IS NOT NULL',
      'SELECT 1 FROM responders WHERE deleted_at IS NOT NULL',
      'SELECT 1 FROM permissions WHERE deny',
      'SELECT 1 FROM event_queue WHERE error IS NOT NULL',
      'SELECT 1 FROM incident_histories',
      `SELECT 1 FROM config_relationships WHERE relation = 'hard'`,
      `SELECT 1 FROM config_component_relationships WHERE selector_id = 'manual'`,
      'SELECT 1 FROM properties',
    ];
    for (const sql of checks) {
      const n = await count(db, sql);
      if (n === 0) throw new Error(`no demo row for: ${sql}`);
    }
    // Properties must never switch a console feature off by default.
    expect(await count(db, `SELECT 1 FROM properties WHERE name LIKE '%.disable' AND value = 'true'`)).toBe(
      0,
    );
  });

  it('seeds what the settings, catalog, playbook and notification screens show (issues 15–22)', async () => {
    const db = backend.db;
    const distinct = (sql: string) => values(db, sql).then((v) => v.sort());
    // Issue 15: every connection type, each shaped as the console's mapping stores it, secrets in all three encodings.
    expect(await distinct('SELECT DISTINCT type AS v FROM connections WHERE deleted_at IS NULL')).toEqual(
      CONNECTION_TYPES.map((t) => t.value).sort(),
    );
    for (const sql of [
      `password LIKE 'secret://%/%'`,
      `password LIKE 'configmap://%/%' OR username LIKE 'configmap://%/%'`,
      `password NOT LIKE '%://%'`,
      'deleted_at IS NOT NULL',
    ]) {
      expect([sql, await count(db, `SELECT 1 FROM connections WHERE ${sql}`)]).not.toEqual([sql, 0]);
    }
    const stored = await db.query<ConnectionRecord & { type: string }>(
      'SELECT name, namespace, type, url, username, password, certificate, insecure_tls, properties FROM connections',
    );
    for (const row of stored.rows) {
      const def = connectionTypeOf(row.type);
      if (!def) throw new Error(`unknown seeded type ${row.type}`);
      const { name, namespace, type, ...fields } = createPayload(def, recordToValues(def, row));
      expect({ name, namespace, type }).toEqual({ name: row.name, namespace: row.namespace, type: row.type });
      for (const [key, value] of Object.entries(fields))
        expect([row.name, key, value]).toEqual([
          row.name,
          key,
          (row as unknown as Record<string, unknown>)[key],
        ]);
    }
    // Issue 16: diffs with their patches, analysis bodies, relationships nine levels deep.
    expect(
      await count(
        db,
        `SELECT 1 FROM config_changes WHERE change_type = 'diff' AND (diff NOT LIKE '--- a/%' OR diff NOT LIKE '%@@ -%' OR patches IS NULL)`,
      ),
    ).toBe(0);
    expect(await count(db, `SELECT 1 FROM config_analysis WHERE analysis IS NULL OR message IS NULL`)).toBe(
      0,
    );
    const cluster = await values(
      db,
      `SELECT id AS v FROM config_items WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const types = await distinct(
      `SELECT DISTINCT type AS v FROM related_configs_recursive('${cluster[0]}'::uuid, 'outgoing', false, 10)`,
    );
    expect(types).toEqual(expect.arrayContaining(CLUSTER_DOWNSTREAM_TYPES));
    // Issue 18: every action kind, parameter type and text format; runs of every kind of result; downloadable artifacts.
    const specs = (
      await db.query<{
        spec: {
          actions: Record<string, unknown>[];
          parameters?: { type?: string; properties?: { format?: string } }[];
          approval?: unknown;
        };
      }>('SELECT spec FROM playbooks WHERE deleted_at IS NULL')
    ).rows.map((r) => r.spec);
    const kinds = new Set(
      specs.flatMap((s) =>
        s.actions.map((a) => Object.keys(a).find((k) => ACTION_KINDS.includes(k as never))),
      ),
    );
    expect([...kinds].sort()).toEqual([...ACTION_KINDS].sort());
    const params = specs.flatMap((s) => s.parameters ?? []);
    expect(new Set(params.map((p) => p.type ?? 'text'))).toEqual(
      new Set(['text', 'code', 'checkbox', 'list', 'team', 'people', 'component', 'config', 'check']),
    );
    expect(new Set(params.map((p) => p.properties?.format).filter(Boolean))).toEqual(
      new Set(['password', 'email', 'url', 'number', 'bytes', 'millicores', 'dns1123']),
    );
    expect(specs.some((s) => s.approval)).toBe(true);
    for (const key of [
      'stdout',
      'logs',
      'rows',
      'code',
      'pr',
      'workflows',
      'run',
      'recommendedPlaybooks',
      'markdown',
    ]) {
      expect([
        key,
        await count(db, `SELECT 1 FROM playbook_run_actions WHERE result ? '${key}'`),
      ]).not.toEqual([key, 0]);
    }
    expect(
      await count(db, `SELECT 1 FROM playbook_run_actions WHERE status = 'failed' AND error IS NOT NULL`),
    ).toBeGreaterThan(0);
    expect(await count(db, 'SELECT 1 FROM artifacts WHERE content IS NULL')).toBe(0);
    expect(await distinct('SELECT DISTINCT content_type AS v FROM artifacts')).toEqual(
      expect.arrayContaining(['application/gzip', 'application/json', 'image/png', 'text/csv', 'text/plain']),
    );
    // Issue 19: sends linked to the silence that held them and to the playbook run they started.
    expect(
      await count(
        db,
        `SELECT 1 FROM notification_send_history h JOIN notification_silences s ON s.id = h.silenced_by WHERE h.status = 'silenced'`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(
        db,
        `SELECT 1 FROM notification_send_history h JOIN playbook_runs r ON r.id = h.playbook_run_id AND r.notification_send_id = h.id`,
      ),
    ).toBeGreaterThan(0);
    expect(
      await count(db, `SELECT 1 FROM notification_send_history WHERE created_at > now() - interval '1 day'`),
    ).toBeGreaterThan(100);
    // Issue 22: every job resource type in every status, with errors, scrape summaries and summaries.
    expect(
      await count(db, `SELECT resource_type FROM job_history GROUP BY 1 HAVING count(DISTINCT status) < 7`),
    ).toBe(0);
    for (const key of ['errors', 'scrape_summary', 'summary'])
      expect([key, await count(db, `SELECT 1 FROM job_history WHERE details ? '${key}'`)]).not.toEqual([
        key,
        0,
      ]);
    // Issue 21: every seeded spec is valid against the schema its table is checked with.
    for (const table of Object.keys(SPEC_TABLES)) {
      const rows = (await db.query<{ name: string; spec: unknown }>(`SELECT name, spec FROM ${table}`)).rows;
      for (const row of rows)
        expect([table, row.name, validateSpec(table, row.spec)]).toEqual([table, row.name, []]);
    }
  });

  it('loads the seed with every foreign key holding, even though the bulk load skipped the per-row checks', async () => {
    const fks = await backend.db.query<{ t: string; col: string; rt: string; rcol: string }>(
      `SELECT c.conrelid::regclass::text AS t, quote_ident(a.attname) AS col, c.confrelid::regclass::text AS rt, quote_ident(af.attname) AS rcol
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
         JOIN pg_attribute af ON af.attrelid = c.confrelid AND af.attnum = c.confkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = 'public'::regnamespace`,
    );
    expect(fks.rows.length).toBeGreaterThan(50);
    const orphans: string[] = [];
    for (const fk of fks.rows) {
      // Names come from the catalog, quoted by the server.
      const n = await count(
        backend.db,
        `SELECT 1 FROM ${fk.t} x WHERE x.${fk.col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${fk.rt} y WHERE y.${fk.rcol} = x.${fk.col})`,
      );
      if (n > 0) orphans.push(`${fk.t}.${fk.col} → ${fk.rt}: ${n}`);
    }
    expect(orphans).toEqual([]);
  });

  it('has planner statistics after seeding and gathers them again on a database that has none', async () => {
    const stats = () =>
      count(backend.db, `SELECT 1 FROM pg_statistic WHERE starelid = 'check_statuses'::regclass`);
    expect(await stats()).toBeGreaterThan(0);
    await backend.db.query(`DELETE FROM pg_statistic WHERE starelid = 'check_statuses'::regclass`);
    expect(await stats()).toBe(0);
    const prepared = await prepareDatabase(backend.db);
    expect(prepared.seed?.seeded).toBe(false);
    expect(await stats()).toBeGreaterThan(0);
  });

  it('answers every view and rpc function', async () => {
    const db = backend.db;
    for (const view of VIEWS) {
      await expect(count(db, `SELECT * FROM ${view}`)).resolves.toBeGreaterThanOrEqual(0);
    }
    expect(await count(db, 'SELECT * FROM check_summary WHERE uptime IS NOT NULL')).toBeGreaterThan(200);
    // The per-row functions of check_summary and the set-based check_status_summary must agree.
    const disagreeing = `SELECT 1 FROM check_summary s LEFT JOIN check_status_summary t ON t.check_id = s.id
      WHERE (s.uptime ->> 'passed') IS DISTINCT FROM (t.uptime ->> 'passed')
         OR (s.uptime ->> 'failed') IS DISTINCT FROM (t.uptime ->> 'failed')
         OR (s.latency ->> 'p95') IS DISTINCT FROM (t.latency ->> 'p95')`;
    expect(await count(db, disagreeing)).toBe(0);
    const withChildren = await db.query<{ id: string }>(
      `SELECT config_id AS id FROM config_relationships WHERE relation = 'hard' LIMIT 1`,
    );
    const configId = withChildren.rows[0]?.id;
    expect(
      await count(db, `SELECT * FROM related_configs_recursive('${configId}'::uuid, 'all', false, 10)`),
    ).toBeGreaterThan(0);
    const run = await db.query<{ id: string }>(
      `SELECT playbook_run_id AS id FROM playbook_run_actions LIMIT 1`,
    );
    expect(
      await count(db, `SELECT * FROM get_playbook_run_actions('${run.rows[0]?.id}'::uuid)`),
    ).toBeGreaterThan(0);
    const component = await db.query<{ id: string }>(
      `SELECT component_id::text AS id FROM config_component_relationships LIMIT 1`,
    );
    expect(
      await count(db, `SELECT * FROM lookup_analysis_by_component('${component.rows[0]?.id}')`),
    ).toBeGreaterThanOrEqual(0);
    expect(
      await count(db, `SELECT * FROM check_summary_for_component('${component.rows[0]?.id}'::uuid)`),
    ).toBeGreaterThanOrEqual(0);
  });

  it('serializes transactions and lets a stray db.query inside one join it instead of deadlocking', async () => {
    const db = backend.db;
    const order: string[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO properties (name, value) VALUES ('test.tx', 'a')`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        order.push('tx1');
        if (db.kind === 'pglite') await db.query('SELECT 1');
      }),
      db.transaction(async (tx) => {
        const seen = await tx.query<{ value: string }>(`SELECT value FROM properties WHERE name = 'test.tx'`);
        order.push(`tx2:${seen.rows.length}`);
      }),
    ]);
    if (db.kind === 'pglite') expect(order).toEqual(['tx1', 'tx2:1']);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`DELETE FROM properties WHERE name = 'test.tx'`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await count(db, `SELECT 1 FROM properties WHERE name = 'test.tx'`)).toBe(1);
    await db.query(`DELETE FROM properties WHERE name = 'test.tx'`);
  });

  it('keeps all data across a restart and applies no migration twice', async () => {
    await backend.db.query(`INSERT INTO properties (name, value) VALUES ('test.marker', 'kept')`);
    await backend.stopServer();
    const reopened = await openDatabase(
      backend.location.databaseUrl
        ? { databaseUrl: backend.location.databaseUrl }
        : { dataDir: backend.location.dataDir, databaseUrl: null },
    );
    try {
      expect((await migrate(reopened)).applied).toEqual([]);
      expect((await seedDatabase(reopened)).seeded).toBe(false);
      expect(await values(reopened, `SELECT value AS v FROM properties WHERE name = 'test.marker'`)).toEqual([
        'kept',
      ]);
      expect(await count(reopened, 'SELECT 1 FROM check_statuses')).toBeGreaterThan(100_000);
    } finally {
      await reopened.close();
    }
  });
});

describe('core seed generation and data directory (no engine)', () => {
  it('is deterministic for a seed and a reference time, and scales checks', () => {
    const now = new Date('2025-04-23T12:00:00Z');
    const a = generateSeed({ now, checks: 5000 });
    const b = generateSeed({ now, checks: 5000 });
    expect(JSON.stringify(a.tables)).toBe(JSON.stringify(b.tables));
    const checks = a.tables.find(([table]) => table === 'checks')?.[1] ?? [];
    expect(checks).toHaveLength(5000);
    expect(
      new Set(checks.map((c) => `${String(c.canary_id)}/${String(c.type)}/${String(c.name)}`)).size,
    ).toBe(5000);
  });

  it('puts a name prefix before every topology, component, canary and check name, and changes nothing else', () => {
    const now = new Date('2025-04-23T12:00:00Z');
    const plain = generateSeed({ now, checks: 40 });
    const acme = generateSeed({ now, checks: 40, namePrefix: 'acme' });
    const prefixed = new Set(['topologies', 'components', 'canaries', 'checks']);
    for (const [table, rows] of acme.tables) {
      const before = plain.tables.find(([t]) => t === table)?.[1] ?? [];
      expect(rows).toHaveLength(before.length);
      rows.forEach((row, i) => {
        if (prefixed.has(table)) expect(row.name).toBe(`acme-${String(before[i]?.name)}`);
        else expect(row.name).toEqual(before[i]?.name);
      });
    }
    expect(() => generateSeed({ now, namePrefix: 'Not a label!' })).toThrow(/namePrefix/);
  });

  it('starts a cold PGlite from the migrated template, and builds the template when it is missing', async () => {
    const schema = `${SCHEMA_TEXT}\n-- test ${process.pid}`;
    const template = templateDir(schema);
    rmSync(template, { recursive: true, force: true });
    const first = mkdtempSync(path.join(tmpdir(), 'ops-console-tpl-a-'));
    const second = mkdtempSync(path.join(tmpdir(), 'ops-console-tpl-b-'));
    try {
      const a = await openDatabase({ dataDir: first, databaseUrl: null, templateSchema: schema });
      expect([a.fresh, a.fromTemplate]).toEqual([true, false]);
      await prepareDatabase(a, { seed: false });
      await a.close();
      const b = await openDatabase({ dataDir: second, databaseUrl: null, templateSchema: schema });
      try {
        expect([b.fresh, b.fromTemplate]).toEqual([true, true]);
        expect((await migrate(b)).applied).toEqual([]);
        expect(await count(b, 'SELECT 1 FROM checks')).toBe(0);
      } finally {
        await b.close();
      }
    } finally {
      for (const dir of [first, second, template]) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('falls back to a fresh temporary directory when the data directory is not writable', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const dir = resolvePgliteDir('/etc/hostname/pglite');
      expect(dir.startsWith(tmpdir())).toBe(true);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(/not writable.*temporary/);
      rmSync(dir, { recursive: true, force: true });
    } finally {
      warn.mockRestore();
    }
  });
});
