import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { catalogSummaryRows } from '@/lib/embedded-backend/endpoints/catalog';
import type { Queryable } from '@/lib/embedded-backend/db/types';
import { coreEngines } from './helpers/core-backend';
import { readRolledBack } from './helpers/rolled-back';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * Issue 35: POST /catalog/summary answers from the aggregates that migration 0351's triggers keep, and its answers are
 * byte for byte the ones a scan of config_items and config_changes computes (catalogSummaryRows with scan: true,
 * the code that answered every summary before), for the screen's requests and others, after inserts, updates, soft
 * and hard deletes of items and changes. The aggregate tables also equal a rebuild from scratch after each step.
 */

const screen = (query: string, showDeleted = false) =>
  catalogSummaryRequest(catalogSearch.parse(new URLSearchParams(query)), showDeleted) as unknown as Record<
    string,
    unknown
  >;

const BODIES: Record<string, unknown>[] = [
  screen(''),
  screen('', true),
  screen('health=unhealthy'),
  screen('status=Running&health=healthy'),
  { ...screen(''), filter: { app: 'frontend,!backend' } },
  { groupBy: ['type'], deleted: true, changes: { since: '2d' }, analysis: { since: '7d' }, cost: '1h' },
  { groupBy: ['health', 'status'], health: 'healthy,warning', changes: { since: '36h' } },
  { groupBy: ['config_class', 'agent_id'], type: 'Kubernetes::*', cost: '7d' },
  { status: '!Running', changes: { since: '1h' } },
  {},
];

describe.each(coreEngines())('catalog summary aggregates on %s', (engine) => {
  let f: EndpointsFixture;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  const exec = (sql: string) => f.backend.db.query(sql);

  const expectSameAnswers = async () => {
    for (const body of BODIES) {
      const response = await f.call('POST', '/catalog/summary', { as: 'viewer', body });
      expect(response.status).toBe(200);
      const served = await response.text();
      const scanned = JSON.stringify(await catalogSummaryRows(f.backend.db, body, { scan: true }));
      expect({ body, served }).toEqual({ body, served: scanned });
    }
    // The kept tables equal a rebuild from scratch (rolled back).
    const read = async (q: Queryable) => ({
      items: (
        await q.query(
          `SELECT type, config_class, status, health, agent_id, deleted, n::int, created_at, updated_at,
                  cost_per_minute::float8, cost_per_minute_n::int, cost_total_30d::float8, cost_total_30d_n::int
             FROM console_internal.catalog_summary_items WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6`,
        )
      ).rows,
      changes: (
        await q.query(
          `SELECT type, config_class, status, health, agent_id, deleted, width::text, bucket, n::int
             FROM console_internal.catalog_summary_changes WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8`,
        )
      ).rows,
    });
    const kept = await read(f.backend.db);
    const rebuilt = await readRolledBack(
      f.backend.db,
      'SELECT console_internal.catalog_summary_rebuild()',
      read,
    );
    expect(kept).toEqual(rebuilt);
  };

  it('answers the screen’s and other summaries as the scan does, on the seeded data', async () => {
    await expectSameAnswers();
  });

  it('stays identical after updates that move items between keys (health, type, costs) and soft deletes', async () => {
    await exec(
      `UPDATE config_items SET health = 'unhealthy', updated_at = now() - interval '400 days'
        WHERE id IN (SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY updated_at DESC NULLS LAST LIMIT 30)`,
    );
    await exec(
      `UPDATE config_items SET deleted_at = now()
        WHERE id IN (SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY created_at DESC LIMIT 20)`,
    );
    await exec(
      `UPDATE config_items SET cost_total_30d = NULL, cost_per_minute = cost_per_minute * 2
        WHERE id IN (SELECT id FROM config_items WHERE cost_total_30d IS NOT NULL ORDER BY id LIMIT 15)`,
    );
    await expectSameAnswers();
  });

  it('stays identical after inserts and hard deletes of items and of changes', async () => {
    await exec(
      `INSERT INTO config_items (config_class, type, name, cost_per_minute, health, status)
       SELECT 'Node', 'Test::Thing', 'thing-' || g, CASE WHEN g % 2 = 0 THEN 0.0125 END,
              CASE WHEN g % 3 = 0 THEN NULL ELSE 'healthy' END, 'Running'
         FROM generate_series(1, 40) g`,
    );
    await exec(
      `INSERT INTO config_changes (config_id, change_type, created_at)
       SELECT id, 'diff', now() - (g * interval '7 hours') FROM config_items CROSS JOIN generate_series(1, 5) g
        WHERE type = 'Test::Thing'`,
    );
    await exec(
      `DELETE FROM config_items WHERE id IN (
         SELECT cc.config_id FROM config_changes cc
          WHERE NOT EXISTS (SELECT 1 FROM components c WHERE c.config_id = cc.config_id)
            AND NOT EXISTS (SELECT 1 FROM config_items p WHERE p.parent_id = cc.config_id)
          GROUP BY 1 ORDER BY count(*) DESC LIMIT 5)`,
    );
    await exec(
      `DELETE FROM config_changes WHERE id IN (SELECT id FROM config_changes ORDER BY created_at DESC LIMIT 50)`,
    );
    await exec(
      `UPDATE config_changes SET created_at = created_at - interval '20 days'
        WHERE id IN (SELECT id FROM config_changes ORDER BY id LIMIT 50)`,
    );
    await exec(
      `UPDATE config_items SET type = 'Test::Other' WHERE type = 'Test::Thing' AND name LIKE 'thing-1%'`,
    );
    await expectSameAnswers();
  });
});
