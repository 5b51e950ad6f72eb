import { coreEngines } from './helpers/core-backend';
import { expectError, openEndpointsFixture, ROLES, type EndpointsFixture } from './endpoints-fixture';

type Json = Record<string, unknown>;
interface ChangesBody {
  summary: Record<string, number>;
  total: number;
  changes: Json[];
}

describe.each(coreEngines())('catalog and search endpoints on %s', (engine) => {
  let f: EndpointsFixture;
  let deploymentId: string;
  let parentId: string;

  const changes = async (body: Json, as: (typeof ROLES)[number] = 'admin'): Promise<ChangesBody> => {
    const response = await f.call('POST', '/catalog/changes', { body, as });
    expect(response.status).toBe(200);
    return (await response.json()) as ChangesBody;
  };

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    deploymentId = await f.one(`SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`);
    // An item with children that have changes, for the recursive walks.
    parentId = await f.one(
      `SELECT p.id FROM config_items p WHERE p.deleted_at IS NULL AND EXISTS (
         SELECT 1 FROM config_items c JOIN config_changes cc ON cc.config_id = c.id WHERE c.parent_id = p.id AND c.deleted_at IS NULL)
       ORDER BY p.name LIMIT 1`,
    );
  });
  afterAll(async () => {
    await f?.dispose();
  });

  describe('POST /catalog/summary', () => {
    it('groups by type with health, counts, changes, analysis and cost as the catalog page asks', async () => {
      const response = await f.call('POST', '/catalog/summary', {
        as: 'viewer',
        body: { groupBy: ['type'], deleted: false, filter: {}, changes: { since: '30d' }, analysis: { since: '30d' }, cost: '30d' },
      });
      expect(response.status).toBe(200);
      const rows = (await response.json()) as Json[];
      expect(rows.length).toBeGreaterThan(5);
      const pods = rows.find((r) => r.type === 'Kubernetes::Pod');
      expect(pods).toMatchObject({ type: 'Kubernetes::Pod', count: expect.any(Number), health: expect.any(Object), changes: expect.any(Number), analysis: expect.any(Object) });
      const total = Object.values(pods?.health as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(total).toBe(pods?.count);
      expect(rows.some((r) => typeof r.cost_30d === 'number')).toBe(true);
      const live = await f.one<number>('SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL');
      expect(rows.reduce((n, r) => n + Number(r.count), 0)).toBe(live);
    });

    it('groups by tag keys and applies health, status and label filters', async () => {
      const rows = (await (await f.call('POST', '/catalog/summary', { body: { groupBy: ['cluster', 'type'], health: 'healthy' } })).json()) as Json[];
      expect(rows.every((r) => 'cluster' in r && 'type' in r)).toBe(true);
      expect(rows.every((r) => Object.keys(r.health as Json).every((h) => h === 'healthy'))).toBe(true);
      const all = (await (await f.call('POST', '/catalog/summary', { body: {} })).json()) as Json[];
      const withDeleted = (await (await f.call('POST', '/catalog/summary', { body: { deleted: true } })).json()) as Json[];
      const sum = (rs: Json[]) => rs.reduce((n, r) => n + Number(r.count), 0);
      expect(sum(withDeleted)).toBeGreaterThan(sum(all));
      const label = await f.one(`SELECT labels ->> 'app' FROM config_items WHERE labels ? 'app' AND deleted_at IS NULL LIMIT 1`);
      const excluded = (await (await f.call('POST', '/catalog/summary', { body: { filter: { app: `!${label}` } } })).json()) as Json[];
      expect(sum(excluded)).toBeLessThan(sum(all));
    });

    it('rejects an unknown cost range and malformed bodies', async () => {
      await expectError(await f.call('POST', '/catalog/summary', { body: { cost: '2d' } }), 400, /cost/);
      await expectError(await f.call('POST', '/catalog/summary', { body: { groupBy: 'type' } }), 400, /groupBy/);
      await expectError(await f.call('POST', '/catalog/summary', { body: '[1,2' }), 400, /malformed JSON/);
    });
  });

  describe('POST /catalog/changes', () => {
    it('answers {summary, total, changes} with paging and the default 2-day window', async () => {
      const page1 = await changes({ page: 1, page_size: 5 });
      expect(page1.changes).toHaveLength(5);
      expect(page1.total).toBeGreaterThan(5);
      expect(Object.values(page1.summary).reduce((a, b) => a + b, 0)).toBe(page1.total);
      expect(page1.changes[0]).toMatchObject({ id: expect.any(String), config_id: expect.any(String), change_type: expect.any(String), created_at: expect.any(String), name: expect.any(String), type: expect.any(String) });
      const twoDaysAgo = Date.now() - 2 * 86_400_000 - 60_000;
      expect(page1.changes.every((c) => Date.parse(String(c.created_at)) > twoDaysAgo)).toBe(true);
      const page2 = await changes({ page: 2, page_size: 5 });
      expect(page2.changes.map((c) => c.id)).not.toEqual(page1.changes.map((c) => c.id));
      const dates = page1.changes.map((c) => Date.parse(String(c.created_at)));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('sorts by sort_by with a leading - for descending, and rejects unknown columns', async () => {
      const asc = await changes({ sort_by: 'count', from: 'now-30d', page_size: 50 });
      const counts = asc.changes.map((c) => Number(c.count));
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      const desc = await changes({ sort_by: '-count', from: 'now-30d', page_size: 5 });
      expect(Number(desc.changes[0]?.count)).toBeGreaterThan(1);
      await expectError(await f.call('POST', '/catalog/changes', { body: { sort_by: 'password' } }), 400, /^bad request: sort_by/);
    });

    it('filters by config_type, change type, minimum severity, source, summary and created_by', async () => {
      const typed = await changes({ config_type: 'Kubernetes::Pod', type: 'diff,Pulled', from: 'now-30d', page_size: 100 });
      expect(typed.total).toBeGreaterThan(0);
      expect(typed.changes.every((c) => c.type === 'Kubernetes::Pod' && ['diff', 'Pulled'].includes(String(c.change_type)))).toBe(true);
      const notDiff = await changes({ type: '!diff', from: 'now-30d', page_size: 100 });
      expect(notDiff.changes.some((c) => c.change_type === 'diff')).toBe(false);
      const high = await changes({ severity: 'high', from: 'now-30d', page_size: 200 });
      expect(high.total).toBeGreaterThan(0);
      expect(high.changes.every((c) => ['high', 'critical'].includes(String(c.severity)))).toBe(true);
      const cloud = await changes({ source: 'Cloud*', from: 'now-30d', page_size: 50 });
      expect(cloud.changes.every((c) => String(c.source).startsWith('Cloud'))).toBe(true);
      const byUser = await changes({ created_by: 'github-actions', from: 'now-30d', page_size: 50 });
      expect(byUser.total).toBeGreaterThan(0);
      expect(byUser.changes.every((c) => String(c.external_created_by).includes('github-actions'))).toBe(true);
      const summary = await changes({ summary: 'BackOff on', from: 'now-30d', page_size: 20 });
      expect(summary.changes.every((c) => String(c.summary).includes('BackOff on'))).toBe(true);
    });

    it('walks one item recursively (none, downstream, upstream, all) within depth', async () => {
      const own = await changes({ id: parentId, recursive: 'none', from: 'now-30d', page_size: 500 });
      expect(own.changes.every((c) => c.config_id === parentId)).toBe(true);
      const down = await changes({ id: parentId, recursive: 'downstream', depth: 5, from: 'now-30d', page_size: 500 });
      expect(down.total).toBeGreaterThan(own.total);
      const children = await f.backend.db.query<{ id: string }>('SELECT id FROM config_items WHERE parent_id = $1', [parentId]);
      const allowed = new Set([parentId, ...children.rows.map((r) => r.id)]);
      const depth1 = await changes({ id: parentId, recursive: 'downstream', depth: 1, from: 'now-30d', page_size: 500 });
      expect(depth1.changes.every((c) => allowed.has(String(c.config_id)))).toBe(true);
      const child = children.rows[0]?.id ?? '';
      const up = await changes({ id: child, recursive: 'upstream', from: 'now-30d', page_size: 500 });
      expect(up.changes.some((c) => c.config_id === parentId)).toBe(true);
      const all = await changes({ id: parentId, recursive: 'all', depth: 2, from: 'now-30d', page_size: 500 });
      expect(all.total).toBeGreaterThanOrEqual(own.total);
      await expectError(await f.call('POST', '/catalog/changes', { body: { id: parentId, recursive: 'sideways' } }), 400, /recursive/);
    });

    it('honours id lists with exclusions, tags selectors, deleted configs and the time range', async () => {
      const other = await f.one(`SELECT config_id FROM config_changes WHERE config_id <> $1 GROUP BY config_id ORDER BY config_id LIMIT 1`, [deploymentId]);
      const two = await changes({ id: `${deploymentId},${other}`, from: 'now-30d', page_size: 500 });
      expect(new Set(two.changes.map((c) => c.config_id))).toEqual(new Set([deploymentId, other].filter((id) => two.changes.some((c) => c.config_id === id))));
      const excluded = await changes({ id: `!${other}`, from: 'now-30d', page_size: 500 });
      expect(excluded.changes.some((c) => c.config_id === other)).toBe(false);
      const prod = await changes({ tags: 'cluster=prod', from: 'now-30d', page_size: 100 });
      expect(prod.changes.every((c) => (c.tags as Json | undefined)?.cluster === 'prod')).toBe(true);
      const notProd = await changes({ tags: 'cluster notin (prod)', from: 'now-30d', page_size: 100 });
      expect(notProd.changes.some((c) => (c.tags as Json | undefined)?.cluster === 'prod')).toBe(false);
      const live = await changes({ from: 'now-30d', page_size: 1 });
      const withDeleted = await changes({ from: 'now-30d', page_size: 1, include_deleted_configs: true });
      expect(withDeleted.total).toBeGreaterThan(live.total);
      const window = await changes({ from: 'now-3d', to: 'now-1d', page_size: 100 });
      const lo = Date.now() - 3 * 86_400_000 - 60_000;
      const hi = Date.now() - 86_400_000 + 60_000;
      expect(window.changes.every((c) => Date.parse(String(c.created_at)) > lo && Date.parse(String(c.created_at)) <= hi)).toBe(true);
      await expectError(await f.call('POST', '/catalog/changes', { body: { from: 'now-1d', to: 'now-3d' } }), 400, /from must be before to/);
      await expectError(await f.call('POST', '/catalog/changes', { body: { page_size: 0 } }), 400, /page_size/);
      await expectError(await f.call('POST', '/catalog/changes', { body: { tags: 'cluster in prod' } }), 400, /tags/);
    });

    it('is readable by every role', async () => {
      for (const role of ROLES) expect((await f.call('POST', '/catalog/changes', { as: role, body: { page_size: 1 } })).status).toBe(200);
    });
  });

  describe('POST /resources/search', () => {
    const search = async (body: Json) => {
      const response = await f.call('POST', '/resources/search', { body, as: 'viewer' });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, Json[] | undefined>;
    };

    it('answers per requested kind with {id, name, type, agent, …} and omits empty kinds', async () => {
      const body = await search({ configs: [{ agent: 'all', search: 'ledger' }], checks: [{ agent: 'all', search: 'http' }], components: [{ agent: 'all', search: 'zzzz-none' }] });
      expect(body.configs?.length).toBeGreaterThan(0);
      expect(body.configs?.[0]).toMatchObject({ id: expect.any(String), name: expect.stringMatching(/ledger/i), type: expect.any(String), agent: expect.any(String) });
      expect(body.checks?.every((c) => String(c.name).toLowerCase().includes('http'))).toBe(true);
      expect(body.components).toBeUndefined();
    });

    it('supports name=, type=, health=, status=, globs, comma lists, negation and ; alternatives', async () => {
      const typed = await search({ configs: [{ search: 'type=Kubernetes::Pod health=!healthy' }] });
      expect(typed.configs?.length).toBeGreaterThan(0);
      expect(typed.configs?.every((c) => c.type === 'Kubernetes::Pod' && c.health !== 'healthy')).toBe(true);
      const globbed = await search({ components: [{ search: 'name=*api*' }] });
      expect(globbed.components?.every((c) => String(c.name).includes('api'))).toBe(true);
      const list = await search({ checks: [{ search: 'type=http,dns status=healthy', limit: 200 }] });
      expect(list.checks?.every((c) => ['http', 'dns'].includes(String(c.type)) && c.status === 'healthy')).toBe(true);
      const negated = await search({ checks: [{ search: 'type!=http', limit: 100 }] });
      expect(negated.checks?.some((c) => c.type === 'http')).toBe(false);
      const either = await search({ configs: [{ search: 'type=AWS::S3::Bucket;type=AWS::Lambda::Function', limit: 500 }] });
      expect(new Set(either.configs?.map((c) => c.type))).toEqual(new Set(['AWS::S3::Bucket', 'AWS::Lambda::Function'].filter((t) => either.configs?.some((c) => c.type === t))));
      const structured = await search({ configs: [{ types: ['Kubernetes::Deployment'], name: 'ledger*' }] });
      expect(structured.configs?.every((c) => c.type === 'Kubernetes::Deployment' && String(c.name).startsWith('ledger'))).toBe(true);
    });

    it('rejects unknown fields and malformed selectors with 400', async () => {
      await expectError(await f.call('POST', '/resources/search', { body: { configs: [{ search: 'password=x' }] } }), 400, /unknown field/);
      await expectError(await f.call('POST', '/resources/search', { body: { configs: 'x' } }), 400, /list of selectors/);
      await expectError(await f.call('POST', '/resources/search', { body: { checks: [{ types: 'http' }] } }), 400, /types/);
    });
  });
});
