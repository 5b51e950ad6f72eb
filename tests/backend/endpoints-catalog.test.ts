import { catalogSummaryRequest } from '@/lib/catalog/requests';
import { catalogSearch } from '@/lib/catalog/search';
import { coreEngines } from './helpers/core-backend';
import {
  expectDenied,
  expectError,
  openEndpointsFixture,
  ROLES,
  type EndpointsFixture,
} from './endpoints-fixture';
import { CLUSTER_DOWNSTREAM_TYPES } from './helpers/demo-data-facts';

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
    deploymentId = await f.one(
      `SELECT id FROM config_items WHERE type = 'Kubernetes::Deployment' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
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
        // The body the catalog page sends with no filter (its shape is checked in tests/unit/catalog/requests).
        body: catalogSummaryRequest(catalogSearch.parse(new URLSearchParams()), false),
      });
      expect(response.status).toBe(200);
      const rows = (await response.json()) as Json[];
      expect(rows.length).toBeGreaterThan(5);
      const pods = rows.find((r) => r.type === 'Kubernetes::Pod');
      expect(pods).toMatchObject({
        type: 'Kubernetes::Pod',
        count: expect.any(Number),
        health: expect.any(Object),
        changes: expect.any(Number),
        analysis: expect.any(Object),
      });
      const total = Object.values(pods?.health as Record<string, number>).reduce((a, b) => a + b, 0);
      expect(total).toBe(pods?.count);
      expect(rows.some((r) => typeof r.cost_30d === 'number')).toBe(true);
      const live = await f.one<number>('SELECT count(*)::int FROM config_items WHERE deleted_at IS NULL');
      expect(rows.reduce((n, r) => n + Number(r.count), 0)).toBe(live);
    });

    it('groups by tag keys and applies health, status and label filters', async () => {
      const rows = (await (
        await f.call('POST', '/catalog/summary', {
          body: { groupBy: ['cluster', 'type'], health: 'healthy' },
        })
      ).json()) as Json[];
      expect(rows.every((r) => 'cluster' in r && 'type' in r)).toBe(true);
      expect(rows.every((r) => Object.keys(r.health as Json).every((h) => h === 'healthy'))).toBe(true);
      const all = (await (await f.call('POST', '/catalog/summary', { body: {} })).json()) as Json[];
      const withDeleted = (await (
        await f.call('POST', '/catalog/summary', { body: { deleted: true } })
      ).json()) as Json[];
      const sum = (rs: Json[]) => rs.reduce((n, r) => n + Number(r.count), 0);
      expect(sum(withDeleted)).toBeGreaterThan(sum(all));
      const label = await f.one(
        `SELECT labels ->> 'app' FROM config_items WHERE labels ? 'app' AND deleted_at IS NULL LIMIT 1`,
      );
      const excluded = (await (
        await f.call('POST', '/catalog/summary', { body: { filter: { app: `!${label}` } } })
      ).json()) as Json[];
      expect(sum(excluded)).toBeLessThan(sum(all));
    });

    it('rejects an unknown cost range and malformed bodies', async () => {
      await expectError(await f.call('POST', '/catalog/summary', { body: { cost: '2d' } }), 400, /cost/);
      await expectError(
        await f.call('POST', '/catalog/summary', { body: { groupBy: 'type' } }),
        400,
        /groupBy/,
      );
      await expectError(await f.call('POST', '/catalog/summary', { body: '[1,2' }), 400, /malformed JSON/);
    });
  });

  describe('POST /catalog/changes', () => {
    it('answers {summary, total, changes} with paging and the default 2-day window', async () => {
      const page1 = await changes({ page: 1, page_size: 5 });
      expect(page1.changes).toHaveLength(5);
      expect(page1.total).toBeGreaterThan(5);
      expect(Object.values(page1.summary).reduce((a, b) => a + b, 0)).toBe(page1.total);
      expect(page1.changes[0]).toMatchObject({
        id: expect.any(String),
        config_id: expect.any(String),
        change_type: expect.any(String),
        created_at: expect.any(String),
        name: expect.any(String),
        type: expect.any(String),
      });
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
      await expectError(
        await f.call('POST', '/catalog/changes', { body: { sort_by: 'password' } }),
        400,
        /^bad request: sort_by/,
      );
    });

    it('filters by config_type, change type, minimum severity, source, summary and created_by', async () => {
      const typed = await changes({
        config_type: 'Kubernetes::Pod',
        type: 'diff,Pulled',
        from: 'now-30d',
        page_size: 100,
      });
      expect(typed.total).toBeGreaterThan(0);
      expect(
        typed.changes.every(
          (c) => c.type === 'Kubernetes::Pod' && ['diff', 'Pulled'].includes(String(c.change_type)),
        ),
      ).toBe(true);
      const notDiff = await changes({ type: '!diff', from: 'now-30d', page_size: 100 });
      expect(notDiff.changes.some((c) => c.change_type === 'diff')).toBe(false);
      const high = await changes({ severity: 'high', from: 'now-30d', page_size: 200 });
      expect(high.total).toBeGreaterThan(0);
      expect(high.changes.every((c) => ['high', 'critical'].includes(String(c.severity)))).toBe(true);
      const cloud = await changes({ source: 'Cloud*', from: 'now-30d', page_size: 50 });
      expect(cloud.changes.every((c) => String(c.source).startsWith('Cloud'))).toBe(true);
      const byUser = await changes({ created_by: 'github-actions', from: 'now-30d', page_size: 50 });
      expect(byUser.total).toBeGreaterThan(0);
      expect(byUser.changes.every((c) => String(c.external_created_by).includes('github-actions'))).toBe(
        true,
      );
      const summary = await changes({ summary: 'BackOff on', from: 'now-30d', page_size: 20 });
      expect(summary.changes.every((c) => String(c.summary).includes('BackOff on'))).toBe(true);
    });

    it('walks one item recursively (none, downstream, upstream, all) within depth', async () => {
      // Every walk reads the last 30 days in one page large enough for the whole neighbourhood.
      // An undefined depth is left out of the JSON body (the backend's default applies).
      const walk = (id: string, recursive: string, depth?: number) =>
        changes({ id, recursive, depth, from: 'now-30d', page_size: 500 });
      const own = await walk(parentId, 'none');
      expect(own.changes.every((c) => c.config_id === parentId)).toBe(true);
      const down = await walk(parentId, 'downstream', 5);
      expect(down.total).toBeGreaterThan(own.total);
      const children = await f.backend.db.query<{ id: string }>(
        'SELECT id FROM config_items WHERE parent_id = $1',
        [parentId],
      );
      const allowed = new Set([parentId, ...children.rows.map((r) => r.id)]);
      const depth1 = await walk(parentId, 'downstream', 1);
      expect(depth1.changes.every((c) => allowed.has(String(c.config_id)))).toBe(true);
      const child = children.rows[0]?.id ?? '';
      const up = await walk(child, 'upstream');
      expect(up.changes.some((c) => c.config_id === parentId)).toBe(true);
      const all = await walk(parentId, 'all', 2);
      expect(all.total).toBeGreaterThanOrEqual(own.total);
      await expectError(
        await f.call('POST', '/catalog/changes', { body: { id: parentId, recursive: 'sideways' } }),
        400,
        /recursive/,
      );
    });

    it('honours id lists with exclusions, tags selectors, deleted configs and the time range', async () => {
      const other = await f.one(
        `SELECT config_id FROM config_changes WHERE config_id <> $1 GROUP BY config_id ORDER BY config_id LIMIT 1`,
        [deploymentId],
      );
      const two = await changes({ id: `${deploymentId},${other}`, from: 'now-30d', page_size: 500 });
      expect(new Set(two.changes.map((c) => c.config_id))).toEqual(
        new Set([deploymentId, other].filter((id) => two.changes.some((c) => c.config_id === id))),
      );
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
      expect(
        window.changes.every(
          (c) => Date.parse(String(c.created_at)) > lo && Date.parse(String(c.created_at)) <= hi,
        ),
      ).toBe(true);
      await expectError(
        await f.call('POST', '/catalog/changes', { body: { from: 'now-1d', to: 'now-3d' } }),
        400,
        /from must be before to/,
      );
      await expectError(
        await f.call('POST', '/catalog/changes', { body: { page_size: 0 } }),
        400,
        /page_size/,
      );
      await expectError(
        await f.call('POST', '/catalog/changes', { body: { tags: 'cluster in prod' } }),
        400,
        /tags/,
      );
    });

    it('is readable by every role', async () => {
      for (const role of ROLES)
        expect((await f.call('POST', '/catalog/changes', { as: role, body: { page_size: 1 } })).status).toBe(
          200,
        );
    });
  });

  describe('POST /resources/search', () => {
    const search = async (body: Json) => {
      const response = await f.call('POST', '/resources/search', { body, as: 'viewer' });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, Json[] | undefined>;
    };

    it('answers per requested kind with {id, name, type, agent, …} and omits empty kinds', async () => {
      const body = await search({
        configs: [{ agent: 'all', search: 'ledger' }],
        checks: [{ agent: 'all', search: 'http' }],
        components: [{ agent: 'all', search: 'zzzz-none' }],
      });
      expect(body.configs?.length).toBeGreaterThan(0);
      expect(body.configs?.[0]).toMatchObject({
        id: expect.any(String),
        name: expect.stringMatching(/ledger/i),
        type: expect.any(String),
        agent: expect.any(String),
      });
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
      expect(
        list.checks?.every((c) => ['http', 'dns'].includes(String(c.type)) && c.status === 'healthy'),
      ).toBe(true);
      const negated = await search({ checks: [{ search: 'type!=http', limit: 100 }] });
      expect(negated.checks?.some((c) => c.type === 'http')).toBe(false);
      const either = await search({
        configs: [{ search: 'type=AWS::S3::Bucket;type=AWS::Lambda::Function', limit: 500 }],
      });
      expect(new Set(either.configs?.map((c) => c.type))).toEqual(
        new Set(
          ['AWS::S3::Bucket', 'AWS::Lambda::Function'].filter((t) =>
            either.configs?.some((c) => c.type === t),
          ),
        ),
      );
      const structured = await search({ configs: [{ types: ['Kubernetes::Deployment'], name: 'ledger*' }] });
      expect(
        structured.configs?.every(
          (c) => c.type === 'Kubernetes::Deployment' && String(c.name).startsWith('ledger'),
        ),
      ).toBe(true);
    });

    it('rejects unknown fields and malformed selectors with 400', async () => {
      await expectError(
        await f.call('POST', '/resources/search', { body: { configs: [{ search: 'password=x' }] } }),
        400,
        /unknown field/,
      );
      await expectError(
        await f.call('POST', '/resources/search', { body: { configs: 'x' } }),
        400,
        /list of selectors/,
      );
      await expectError(
        await f.call('POST', '/resources/search', { body: { checks: [{ types: 'http' }] } }),
        400,
        /types/,
      );
    });
  });

  describe('the calls of the catalog screens (issue 16), with backend-contract shapes', () => {
    const get = async (path: string): Promise<Json[]> => {
      const response = await f.call('GET', path, { as: 'viewer' });
      expect([path, response.status]).toEqual([path, 200]);
      return (await response.json()) as Json[];
    };

    it('config_detail carries the summary badges, the scraper, the agent and the components', async () => {
      // Scrapers are admin-only, so the embed is refused to others; the view's own `scraper` names it for everyone.
      const embedded = await f.call(
        'GET',
        `/db/config_detail?id=eq.${deploymentId}&select=*,config_scrapers(id,name)`,
        { as: 'viewer' },
      );
      expect(embedded.status).toBe(403);
      const [withEmbed] = (await (
        await f.call('GET', `/db/config_detail?id=eq.${deploymentId}&select=id,config_scrapers(id,name)`)
      ).json()) as Json[];
      expect(withEmbed?.config_scrapers).toEqual({ id: expect.any(String), name: expect.any(String) });
      const [detail] = await get(`/db/config_detail?id=eq.${deploymentId}&select=*`);
      expect(detail).toMatchObject({
        id: deploymentId,
        agent_name: expect.any(String),
        config: expect.any(Object),
        last_scraped_time: expect.any(String),
        summary: {
          relationships: expect.any(Number),
          analysis: expect.any(Number),
          changes: expect.any(Number),
          playbook_runs: expect.any(Number),
          checks: expect.any(Number),
        },
        scraper: {
          id: (withEmbed?.config_scrapers as Json).id,
          name: (withEmbed?.config_scrapers as Json).name,
        },
        components: expect.any(Array),
      });
      expect((detail?.summary as Json).relationships).toBeGreaterThan(0);
    });

    it('a change opens with its unified diff, patches and details; the item tab pages changes with a count', async () => {
      const diffChange = await f
        .one<string>(`SELECT id FROM config_changes WHERE config_id = $1 AND change_type = 'diff' LIMIT 1`, [
          deploymentId,
        ])
        .catch(async () =>
          f.one<string>(
            `SELECT cc.id FROM config_changes cc JOIN config_items ci ON ci.id = cc.config_id WHERE ci.type = 'Kubernetes::Deployment' AND cc.change_type = 'diff' LIMIT 1`,
          ),
        );
      const [change] = await get(
        `/db/config_changes?id=eq.${diffChange}&select=id,config_id,change_type,created_at,external_created_by,source,diff,details,patches,created_by,summary,config:configs(id,name,type,config_class)`,
      );
      expect(change).toMatchObject({
        change_type: 'diff',
        details: expect.any(Object),
        patches: expect.any(Object),
        config: { id: expect.any(String), type: 'Kubernetes::Deployment' },
      });
      const diff = String(change?.diff);
      expect(diff).toMatch(/^--- a\/\S+\n\+\+\+ b\/\S+\n@@ -\d+,\d+ \+\d+,\d+ @@/);
      expect(diff.split('\n').some((l) => l.startsWith('-  ') || l.startsWith('-        '))).toBe(true);
      expect(diff.split('\n').some((l) => l.startsWith('+'))).toBe(true);
      const page = await f.call(
        'GET',
        `/db/config_changes?config_id=eq.${deploymentId}&order=created_at.desc&limit=5&offset=0`,
        { as: 'viewer', headers: { prefer: 'count=exact' } },
      );
      expect([200, 206]).toContain(page.status);
      expect(page.headers.get('content-range')).toMatch(/^0-\d+\/\d+$/);
    });

    it('insights have analysis bodies, through config_analysis and config_analysis_items', async () => {
      const list = await get(
        '/db/config_analysis_items?select=id,analysis_type,analyzer,severity,status,first_observed,last_observed,config:configs(id,name,config_class,type)&status=eq.open&order=first_observed.desc&limit=50',
      );
      expect(list.length).toBe(50);
      const [insight] = await get(
        `/db/config_analysis?select=id,source,analyzer,analysis_type,message,severity,status,analysis,first_observed,config:configs(id,name,config_class,type)&id=eq.${String(list[0]?.id)}`,
      );
      expect(insight).toMatchObject({
        source: expect.any(String),
        analyzer: expect.any(String),
        message: expect.any(String),
        analysis: expect.any(Object),
      });
      const trivy = await get(`/db/config_analysis?select=analysis&source=eq.trivy&limit=1`);
      expect(trivy[0]?.analysis).toMatchObject({
        image: expect.any(String),
        vulnerabilities: [
          expect.objectContaining({
            VulnerabilityID: expect.stringMatching(/^CVE-/),
            PkgName: expect.any(String),
            FixedVersion: expect.any(String),
          }),
        ],
      });
    });

    it('rpc/related_configs_recursive walks ten levels (incoming, outgoing, all) and filters its rows', async () => {
      const cluster = await f.one<string>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Cluster' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      const out = await get(
        `/db/rpc/related_configs_recursive?config_id=${cluster}&type_filter=outgoing&include_deleted_configs=false&max_depth=10`,
      );
      const types = new Set(out.map((r) => r.type));
      for (const t of CLUSTER_DOWNSTREAM_TYPES) expect(types).toContain(t);
      expect(out[0]).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        type: expect.any(String),
        related_ids: expect.any(Array),
        tags: expect.any(Object),
        health: expect.any(String),
      });
      const shallow = await get(
        `/db/rpc/related_configs_recursive?config_id=${cluster}&type_filter=outgoing&max_depth=2`,
      );
      expect(shallow.length).toBeLessThan(out.length);
      const pod = await f.one<string>(
        `SELECT id FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL ORDER BY name LIMIT 1`,
      );
      const incoming = await get(
        `/db/rpc/related_configs_recursive?config_id=${pod}&type_filter=incoming&max_depth=10`,
      );
      expect(incoming.map((r) => r.type)).toEqual(
        expect.arrayContaining([
          'Kubernetes::ReplicaSet',
          'Kubernetes::Deployment',
          'Kubernetes::Namespace',
          'Kubernetes::Cluster',
        ]),
      );
      const all = await get(
        `/db/rpc/related_configs_recursive?config_id=${pod}&type_filter=all&max_depth=10&type.filter=Kubernetes::Node,AWS::EC2::Instance`,
      );
      expect(all.length).toBeGreaterThan(0);
      expect(all.every((r) => ['Kubernetes::Node', 'AWS::EC2::Instance'].includes(String(r.type)))).toBe(
        true,
      );
      const withDeleted = await get(
        `/db/rpc/related_configs_recursive?config_id=${cluster}&type_filter=outgoing&include_deleted_configs=true&max_depth=10`,
      );
      expect(withDeleted.length).toBeGreaterThan(out.length);
      expect(withDeleted.some((r) => r.deleted_at)).toBe(true);
    });

    it('check_summary_for_config, config_scrapers_with_status and the deleted marker are served', async () => {
      const config = await f.one<string>(
        `SELECT config_id FROM check_config_relationships WHERE deleted_at IS NULL LIMIT 1`,
      );
      const checks = await get(`/db/check_summary_for_config?config_id=eq.${config}`);
      expect(checks[0]).toMatchObject({
        config_id: config,
        id: expect.any(String),
        name: expect.any(String),
        uptime: expect.any(Object),
        latency: expect.any(Object),
        canary_name: expect.any(String),
      });
      const scrapers = (await (
        await f.call(
          'GET',
          '/db/config_scrapers_with_status?select=*,created_by(id,name)&order=created_at.desc&deleted_at=is.null&limit=100',
        )
      ).json()) as Json[];
      expect(scrapers.length).toBeGreaterThanOrEqual(10);
      // Every scraper but the built-in System one has run.
      expect(
        scrapers
          .filter((s) => s.name !== 'System')
          .every(
            (s) => s.job_status && s.job_time_start && s.last_runtime && typeof s.config_count === 'number',
          ),
      ).toBe(true);
      await expectDenied(
        await f.call('GET', '/db/config_scrapers_with_status', { as: 'editor' }),
        'database.monitor',
        'read',
      );
      const deleted = await get(
        '/db/configs?select=id,name,deleted_at,delete_reason&deleted_at=not.is.null&limit=5',
      );
      expect(deleted.every((d) => d.deleted_at && d.delete_reason)).toBe(true);
    });

    it('answers the summary page again from its cache until catalog data changes', async () => {
      const body = catalogSummaryRequest(catalogSearch.parse(new URLSearchParams()), false);
      const first = (await (await f.call('POST', '/catalog/summary', { body })).json()) as Json[];
      const again = (await (
        await f.call('POST', '/catalog/summary', {
          body: {
            cost: '30d',
            analysis: { since: '30d' },
            changes: { since: '30d' },
            filter: {},
            deleted: false,
            groupBy: ['type'],
          },
        })
      ).json()) as Json[];
      expect(again).toEqual(first);
      const count = (rows: Json[]) => Number(rows.find((r) => r.type === 'Kubernetes::Deployment')?.count);
      await f.backend.db.query(
        `INSERT INTO config_items (config_class, type, name) VALUES ('Deployment', 'Kubernetes::Deployment', 'cache-probe')`,
      );
      try {
        const after = (await (await f.call('POST', '/catalog/summary', { body })).json()) as Json[];
        expect(count(after)).toBe(count(first) + 1);
      } finally {
        await f.backend.db.query(`DELETE FROM config_items WHERE name = 'cache-probe'`);
      }
      await expectError(
        await f.call('POST', '/catalog/summary', { body: { ...body, cost: '2y' } }),
        400,
        /invalid cost range/,
      );
    });
  });
});
