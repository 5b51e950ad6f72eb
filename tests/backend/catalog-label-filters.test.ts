import { configListEndpoint, type ConfigListParams } from '@/lib/catalog/configs-endpoints';
import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { catalogSummaryRows } from '@/lib/embedded-backend/endpoints/catalog';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

/**
 * Issue 35: label filters read their items through migration 0353's GIN index on config_items.labels — the catalog
 * list sends `labels=cs.{…}` beside its `labels->>key` equalities, the summary adds the same containment and counts
 * the matched items' changes by id — and answer exactly what they answered before: the list compared with the same
 * request without the containment, the summary with `labelIndex: false` (the code of before), over labels that are
 * strings, numbers, booleans, objects, null, empty, quoted, with separators, on live and deleted items.
 */

const LABELS: (Record<string, unknown> | null)[] = [
  { team: 'blue', env: 'prod' },
  { team: 'blue', env: 'dev' },
  { team: '3' },
  { team: 3 },
  { team: 3.5 },
  { team: true },
  { team: { a: 1 } },
  { team: null },
  { team: 'a,b c' },
  { team: '' },
  { team: '"q"' },
  { Team: 'blue' },
  null,
];

const listParams = (labels: ConfigListParams['labels'], showDeleted = false): ConfigListParams => ({
  configType: null,
  search: '',
  status: null,
  health: null,
  labels,
  tags: {},
  showDeleted,
  sortBy: 'type',
  sortDesc: false,
  pageIndex: 0,
  pageSize: 500,
});

const LIST_FILTERS: [ConfigListParams['labels'], boolean][] = [
  [{ 'team=blue': 1 }, false],
  [{ 'team=blue': 1 }, true],
  [{ 'team=blue': 1, 'env=prod': 1 }, false],
  [{ 'team=blue': 1, 'env=prod': -1 }, true],
  [{ 'team=3': 1 }, false],
  [{ 'team=3.5': 1 }, false],
  [{ 'team=true': 1 }, false],
  [{ 'team={"a": 1}': 1 }, false],
  [{ 'team=null': 1 }, false],
  [{ 'team=a,b c': 1 }, false],
  [{ 'team=': 1 }, false],
  [{ team: 1 }, false],
  [{ 'team="q"': 1 }, false],
  [{ 'team=blue': -1 }, false],
];

const screen = (labels: Record<string, string>, showDeleted = false) => ({
  ...(catalogSummaryRequest(catalogSearch.parse(new URLSearchParams('')), showDeleted) as unknown as Record<
    string,
    unknown
  >),
  filter: labels,
});

const SUMMARY_BODIES: Record<string, unknown>[] = [
  screen({ team: 'blue' }),
  screen({ team: 'blue' }, true),
  screen({ team: 'blue', env: 'prod,!dev' }),
  screen({ team: 'blue,3' }),
  screen({ team: '3.5' }),
  screen({ team: 'blue, "q"' }),
  screen({ team: '!blue' }),
  screen({ team: '"q"' }),
  {
    groupBy: ['type', 'label:env'],
    filter: { team: 'blue' },
    deleted: true,
    changes: { since: '2d' },
    analysis: { since: '30d' },
    cost: '1d',
  },
  { groupBy: ['health'], filter: { team: 'blue' } },
];

/** The list request as it was before migration 0353: the same filters without the containment. */
const withoutContainment = (path: string) => path.replace(/&labels=cs\.[^&]*/, '');

describe.each(coreEngines())('catalog label filters on %s', (engine) => {
  let f: EndpointsFixture;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    const db = f.backend.db;
    for (const [i, labels] of LABELS.entries()) {
      const id = `00000000-0000-4000-8000-${String(900 + i).padStart(12, '0')}`;
      await db.query(
        `INSERT INTO config_items (id, config_class, type, name, labels, health, cost_total_1d, deleted_at)
         VALUES ($1, 'Node', 'Test::Labelled', $2, $3::jsonb, $4, $5, $6)`,
        [
          id,
          `labelled-${i}`,
          labels === null ? null : JSON.stringify(labels),
          i % 3 ? 'healthy' : 'unhealthy',
          i * 1.5,
          i === 1 ? new Date().toISOString() : null,
        ],
      );
      await db.query(
        `INSERT INTO config_changes (config_id, change_type, severity, created_at)
         SELECT $1, 'diff', 'info', now() - g * interval '20 hours' FROM generate_series(0, $2::int) g`,
        [id, i % 5],
      );
    }
  });
  afterAll(async () => {
    await f?.dispose();
  });

  const read = async (path: string, headers: Record<string, string>) => {
    const response = await f.call('GET', path, { as: 'viewer', headers });
    const text = await response.text();
    const rows = response.ok ? (JSON.parse(text) as { id: string; type: string; name: string }[]) : [];
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      // Rows by id: the list orders by type and name only, so ties may come back in either order.
      rows: [...rows].sort((a, b) => a.id.localeCompare(b.id)).map((r) => JSON.stringify(r)),
      ordered: rows.every(
        (r, i) => i === 0 || `${rows[i - 1]!.type}\u0000${rows[i - 1]!.name}` <= `${r.type}\u0000${r.name}`,
      ),
      error: response.ok ? undefined : text,
    };
  };

  it('lists the same items with the containment as without it', async () => {
    const seeded = await f.one<string>(
      `SELECT key || '=' || value FROM config_items, jsonb_each_text(labels)
        WHERE deleted_at IS NULL AND type <> 'Test::Labelled' AND key ~ '^[a-z]+$' ORDER BY 1 LIMIT 1`,
    );
    let contained = 0;
    for (const [labels, showDeleted] of [...LIST_FILTERS, [{ [seeded]: 1 }, false] as const]) {
      const e = configListEndpoint(listParams(labels, showDeleted));
      if (e.path !== withoutContainment(e.path)) contained++;
      const served = await read(e.path, e.headers ?? {});
      const before = await read(withoutContainment(e.path), e.headers ?? {});
      expect({ labels, showDeleted, ...served }).toEqual({ labels, showDeleted, ...before });
      expect({ labels, ok: served.status < 300, ordered: served.ordered }).toEqual({
        labels,
        ok: true,
        ordered: true,
      });
    }
    // String values are sent as containment; numbers, booleans, objects, null and excluded labels are not.
    expect(contained).toBe(9);
  });

  it('finds the labelled items a label filter names, deleted ones only when asked', async () => {
    const e = configListEndpoint(listParams({ 'team=blue': 1 }, true));
    const names = ((await (await f.call('GET', e.path, { headers: e.headers })).json()) as { name: string }[])
      .map((r) => r.name)
      .filter((n) => n.startsWith('labelled-'));
    expect(names.sort()).toEqual(['labelled-0', 'labelled-1']);
  });

  it('summarizes the same groups with the containment and the per-item change counts as without them', async () => {
    const sent: string[] = [];
    const db = f.backend.db;
    const watched = {
      query: (sql: string, params?: unknown[]) => {
        sent.push(sql);
        return db.query(sql, params);
      },
    } as unknown as typeof db;
    for (const body of SUMMARY_BODIES) {
      const response = await f.call('POST', '/catalog/summary', { as: 'viewer', body });
      expect(response.status).toBe(200);
      const served = await response.text();
      const indexed = JSON.stringify(await catalogSummaryRows(watched, body));
      const before = JSON.stringify(await catalogSummaryRows(db, body, { labelIndex: false }));
      expect({ body, served, indexed }).toEqual({ body, served: before, indexed: before });
      expect(JSON.parse(before)).not.toHaveLength(0);
    }
    expect(sent.filter((sql) => sql.includes('ci.labels @> ANY(') && sql.includes('LATERAL'))).toHaveLength(
      6,
    );
  });

  it('can read a containment through the index', async () => {
    const plan = await f.backend.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const r = await tx.query<Record<string, string>>(
        `EXPLAIN SELECT id FROM config_items WHERE labels @> ANY($1::jsonb[])`,
        [[JSON.stringify({ team: 'blue' })]],
      );
      return r.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('config_items_labels_idx');
  });
});
