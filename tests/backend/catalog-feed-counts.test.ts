import { catalogChangesRequest } from '@/lib/catalog/changes-queries';
import { changesSearch } from '@/lib/catalog/changes-search';
import { catalogChangesAnswer } from '@/lib/embedded-backend/endpoints/catalog';
import type { Queryable } from '@/lib/embedded-backend/db/types';
import { coreEngines } from './helpers/core-backend';
import { readRolledBack } from './helpers/rolled-back';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * Issue 35: the change feed's counts (`summary`, `total` of POST /catalog/changes) come from migration 0352's
 * aggregate where its keys cover the filters, and equal a count of the window (catalogChangesAnswer with scan: true,
 * the code that answered every request before) for the screen's requests and others — relative and absolute windows
 * whose edges fall inside hours and days, open-ended ones — after inserts, updates, soft and hard deletes of items
 * and changes. The kept table also equals a rebuild from scratch after each step.
 */

const screen = (query: string, showDeleted = false) =>
  catalogChangesRequest(
    changesSearch.parse(new URLSearchParams(query)),
    50,
    showDeleted,
  ) as unknown as Record<string, unknown>;

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

const bodies = (now: Date): Record<string, unknown>[] => [
  screen(''),
  screen('rangeType=relative&range=now-7d'),
  screen('timeRange=1mo', true),
  screen('rangeType=relative&range=now-7d&severity=high'),
  screen('timeRange=1d&changeType=diff'),
  screen('timeRange=3mo&configType=Kubernetes::Pod'),
  { from: 'now-1h' },
  { from: hoursAgo(now, 50.25), to: hoursAgo(now, 2.6) },
  { from: hoursAgo(now, 0.9), to: hoursAgo(now, 0.1) },
  { from: hoursAgo(now, 26), to: hoursAgo(now, 25.5) },
  { to: hoursAgo(now, 24 * 3.3) },
  { from: hoursAgo(now, 24 * 400), severity: '!info', config_type: 'Kubernetes::*,!Kubernetes::Pod' },
  { from: 'now-14d', type: 'diff,Scaled', include_deleted_configs: true },
];

describe.each(coreEngines())('catalog change feed counts on %s', (engine) => {
  let f: EndpointsFixture;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  const exec = (sql: string) => f.backend.db.query(sql);

  const expectSameCounts = async () => {
    const now = new Date();
    for (const body of bodies(now)) {
      const served = await catalogChangesAnswer(f.backend.db, body, { now });
      const scanned = await catalogChangesAnswer(f.backend.db, body, { now, scan: true });
      expect({ body, summary: JSON.stringify(served.summary), total: served.total }).toEqual({
        body,
        summary: JSON.stringify(scanned.summary),
        total: scanned.total,
      });
    }
    const read = async (q: Queryable) =>
      (
        await q.query(
          `SELECT config_type, deleted, change_type, severity, width::text, bucket, n::int
             FROM console_internal.catalog_feed_counts WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6`,
        )
      ).rows;
    const kept = await read(f.backend.db);
    const rebuilt = await readRolledBack(
      f.backend.db,
      'SELECT console_internal.catalog_aggregates_rebuild()',
      read,
    );
    expect(kept).toEqual(rebuilt);
  };

  it('serves the screen’s requests from the aggregate, as the endpoint answers them over HTTP', async () => {
    const response = await f.call('POST', '/catalog/changes', {
      as: 'viewer',
      body: screen('rangeType=relative&range=now-7d'),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { summary: Record<string, number>; total: number };
    expect(answer.total).toBeGreaterThan(0);
    expect(answer.total).toBe(Object.values(answer.summary).reduce((a, b) => a + b, 0));
  });

  it('counts as the scan does on the seeded data', async () => {
    await expectSameCounts();
  });

  it('stays identical after items change type or are soft-deleted, and changes move in time or severity', async () => {
    await exec(
      `UPDATE config_items SET deleted_at = now()
        WHERE id IN (SELECT config_id FROM config_changes GROUP BY 1 ORDER BY count(*) DESC LIMIT 10)`,
    );
    await exec(
      `UPDATE config_items SET type = 'Test::Moved'
        WHERE id IN (SELECT config_id FROM config_changes GROUP BY 1 ORDER BY max(created_at) DESC LIMIT 5)`,
    );
    await exec(
      `UPDATE config_changes SET created_at = created_at - interval '3 days 5 hours', severity = 'HIGH'
        WHERE id IN (SELECT id FROM config_changes ORDER BY id LIMIT 60)`,
    );
    await expectSameCounts();
  });

  it('stays identical after inserts (a change before its item, in one transaction) and hard deletes', async () => {
    await f.backend.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO config_changes (config_id, change_type, severity, created_at)
         VALUES ('00000000-0000-4000-8000-00000000f00d', 'diff', 'low', now() - interval '90 minutes')`,
      );
      await tx.query(
        `INSERT INTO config_items (id, config_class, type, name)
         VALUES ('00000000-0000-4000-8000-00000000f00d', 'Node', 'Test::Late', 'late-item')`,
      );
    });
    await exec(
      `INSERT INTO config_changes (config_id, change_type, severity, created_at)
       SELECT id, (ARRAY['diff', 'Scaled', NULL])[1 + g % 3], (ARRAY['info', NULL, 'critical'])[1 + g % 3],
              now() - (g * interval '7 hours 13 minutes')
         FROM (SELECT id FROM config_items ORDER BY id LIMIT 20) i CROSS JOIN generate_series(1, 6) g`,
    );
    await exec(
      `DELETE FROM config_items WHERE id IN (
         SELECT cc.config_id FROM config_changes cc
          WHERE NOT EXISTS (SELECT 1 FROM components c WHERE c.config_id = cc.config_id)
            AND NOT EXISTS (SELECT 1 FROM config_items p WHERE p.parent_id = cc.config_id)
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 5)`,
    );
    await exec(
      `DELETE FROM config_changes WHERE id IN (SELECT id FROM config_changes ORDER BY created_at DESC LIMIT 40)`,
    );
    await expectSameCounts();
  });
});
