import { createDemoTicker } from '@/lib/embedded-backend/ticker';
import { boardRequestOf } from '@/lib/health/board';
import { healthBoardPage } from '@/lib/health/board-page';
import { healthSearch } from '@/lib/health/search';
import { boardMetaOf, boardPath, checksFromSummary } from '@/lib/health/summary-endpoint';
import { coreEngines } from './helpers/core-backend';
import { expectDenied, expectError, openEndpointsFixture, type EndpointsFixture } from './endpoints-fixture';

type Json = Record<string, unknown>;

describe.each(coreEngines())('health and topology endpoints on %s', (engine) => {
  let f: EndpointsFixture;
  let checkId: string;
  let componentId: string;

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
    // A live check with recent statuses and a root component with children.
    checkId = await f.one(
      `SELECT c.id FROM checks c WHERE c.deleted_at IS NULL AND c.silenced_at IS NULL
         AND EXISTS (SELECT 1 FROM check_statuses s WHERE s.check_id = c.id AND s.time > now() - interval '1 hour')
       ORDER BY c.name LIMIT 1`,
    );
    componentId = await f.one(
      `SELECT c.id FROM components c WHERE c.parent_id IS NULL AND c.deleted_at IS NULL
         AND EXISTS (SELECT 1 FROM components k WHERE k.parent_id = c.id) ORDER BY c.name LIMIT 1`,
    );
  });
  afterAll(async () => {
    await f?.dispose();
  });

  describe('GET /canary/api/summary', () => {
    it('returns checks_summary with uptime and latency over the last hour by default', async () => {
      const response = await f.call('GET', '/canary/api/summary');
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        runnerName: string;
        duration: number;
        checks_summary: Json[];
      };
      expect(body.runnerName).toEqual(expect.any(String));
      expect(body.checks_summary.length).toBeGreaterThan(200);
      const item = body.checks_summary.find((c) => c.id === checkId);
      expect(item).toMatchObject({
        id: checkId,
        canary_id: expect.any(String),
        canary_name: expect.any(String),
        name: expect.any(String),
        type: expect.any(String),
        labels: expect.any(Object),
        uptime: { passed: expect.any(Number), failed: expect.any(Number) },
        latency: {
          rolling1h: expect.any(Number),
          p95: expect.any(Number),
          p97: expect.any(Number),
          p99: expect.any(Number),
        },
      });
      expect(body.checks_summary.every((c) => c.deleted_at === undefined)).toBe(true);
    });

    it('honours check_id, the time range and labels', async () => {
      const hour = (await (await f.call('GET', `/canary/api/summary?check_id=${checkId}`)).json()) as {
        checks_summary: Json[];
      };
      const week = (await (
        await f.call('GET', `/canary/api/summary?check_id=${checkId}&start=7d`)
      ).json()) as { checks_summary: Json[] };
      expect(hour.checks_summary).toHaveLength(1);
      const passed = (b: { checks_summary: Json[] }) => {
        const u = b.checks_summary[0]?.uptime as { passed: number; failed: number };
        return u.passed + u.failed;
      };
      expect(passed(week)).toBeGreaterThan(passed(hour));
      const labelled = (await (await f.call('GET', '/canary/api/summary?labels=env=production')).json()) as {
        checks_summary: Json[];
      };
      expect(labelled.checks_summary.length).toBeGreaterThan(0);
      expect(labelled.checks_summary.every((c) => (c.labels as Json).env === 'production')).toBe(true);
    });

    it('rejects bad parameters with 400 {error}', async () => {
      await expectError(await f.call('GET', '/canary/api/summary?check_id=nope'), 400, /check_id/);
      await expectError(
        await f.call('GET', '/canary/api/summary?start=1h&end=2h'),
        400,
        /start must be before end/,
      );
      await expectError(await f.call('GET', '/canary/api/summary?start=yesterday-ish'), 400, /invalid start/);
    });

    it('answers a page of the health board for ?board= with the items of the whole summary, in the board’s order', async () => {
      const whole = (await (await f.call('GET', '/canary/api/summary?start=1h')).json()) as Json;
      const checks = checksFromSummary(whole);
      const request = {
        ...boardRequestOf(healthSearch.defaults),
        hidePassing: false,
        sortBy: 'uptime' as const,
      };
      const response = await f.call('GET', boardPath('/canary/api/summary?start=1h', request));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json & { checks_summary: Json[] };
      const meta = boardMetaOf(body)!;
      expect(meta).toBeDefined();
      // The same page as the board's rules compute from the whole summary, its items byte for byte the summary's.
      const expected = healthBoardPage(checks, request);
      expect(meta).toEqual(expected.meta);
      const items = new Map((whole.checks_summary as Json[]).map((item) => [item.id, item]));
      expect(body.checks_summary).toEqual(expected.checks.map((c) => items.get(c.id)));
      expect(body.checks_summary.length).toBeGreaterThan(200);
      expect(body.runnerName).toBe(whole.runnerName);
      // Ordered by name (the default), the page is decided without the window's results and then completed: the same.
      for (const byName of [
        { ...request, sortBy: null, groupBy: 'no-group', page: 1 },
        { ...request, sortBy: 'transition' as const, sortDesc: true, query: 'http' },
        boardRequestOf(healthSearch.defaults),
      ]) {
        const paged = (await (
          await f.call('GET', boardPath('/canary/api/summary', byName))
        ).json()) as Json & {
          checks_summary?: Json[];
        };
        const computed = healthBoardPage(checks, byName);
        expect(boardMetaOf(paged)).toEqual(computed.meta);
        expect(paged.checks_summary ?? []).toEqual(computed.checks.map((c) => items.get(c.id)));
      }
      // A filter narrows it; the tab counts and label options stay those of every check.
      const narrowed = (await (
        await f.call(
          'GET',
          boardPath('/canary/api/summary', { ...request, labels: { 'env=production': 1 }, query: 'a' }),
        )
      ).json()) as Json & { checks_summary?: Json[] };
      const narrowedMeta = boardMetaOf(narrowed)!;
      expect(narrowedMeta.checks).toBeLessThan(meta.checks);
      expect(narrowedMeta.labels).toEqual(meta.labels);
      expect((narrowed.checks_summary ?? []).every((c) => (c.labels as Json).env === 'production')).toBe(
        true,
      );
    });

    it('refuses a malformed board request with 400 {error}', async () => {
      await expectError(await f.call('GET', '/canary/api/summary?board=%7B'), 400, /invalid board: not JSON/);
      const bad = { ...boardRequestOf(healthSearch.defaults), sortBy: 'x; drop table checks' };
      await expectError(
        await f.call('GET', `/canary/api/summary?board=${encodeURIComponent(JSON.stringify(bad))}`),
        400,
        /invalid board: sortBy/,
      );
    });

    it('is readable by every role', async () => {
      for (const role of ['editor', 'commander', 'responder', 'viewer', 'guest'] as const) {
        expect((await f.call('GET', `/canary/api/summary?check_id=${checkId}`, { as: role })).status).toBe(
          200,
        );
      }
      expect((await fetch(`${f.backend.url}/canary/api/summary`)).status).toBe(401);
    });
  });

  describe('GET /canary/api/graph', () => {
    it('returns status buckets, uptime and p95/p97/p99 latency for one check', async () => {
      const response = await f.call('GET', `/canary/api/graph?check=${checkId}&count=300&start=1d`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { status: Json[]; latency: Json; uptime: Json };
      expect(body.status.length).toBeGreaterThan(10);
      expect(body.status[0]).toEqual({
        time: expect.any(String),
        status: expect.any(Boolean),
        duration: expect.any(Number),
        passed: expect.any(Number),
        failed: expect.any(Number),
      });
      expect(body.latency).toEqual({
        p95: expect.any(Number),
        p97: expect.any(Number),
        p99: expect.any(Number),
        rolling1h: expect.any(Number),
      });
      expect(Number(body.latency.p99)).toBeGreaterThanOrEqual(Number(body.latency.p95));
      expect(body.uptime).toMatchObject({ passed: expect.any(Number), failed: expect.any(Number) });
      const withMessages = (await (
        await f.call('GET', `/canary/api/graph?check=${checkId}&start=1d&includeMessages=true`)
      ).json()) as { status: Json[] };
      expect(withMessages.status.every((b) => typeof b.message === 'string')).toBe(true);
      const times = body.status.map((b) => Date.parse(String(b.time)));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('caps the points at count and answers empty ranges with null status', async () => {
      const body = (await (
        await f.call('GET', `/canary/api/graph?check=${checkId}&count=10&start=7d`)
      ).json()) as { status: Json[] };
      expect(body.status.length).toBeLessThanOrEqual(11);
      const empty = (await (
        await f.call('GET', `/canary/api/graph?check=${checkId}&start=now-30d&end=now-20d`)
      ).json()) as Json;
      expect(empty.status).toBeNull();
      expect(empty.uptime).toEqual({ passed: 0, failed: 0 });
    });

    it('answers 400 without a check and 404 for an unknown one', async () => {
      await expectError(await f.call('GET', '/canary/api/graph'), 400, /check is required/);
      await expectError(
        await f.call('GET', '/canary/api/graph?check=00000000-0000-0000-0000-00000000abcd'),
        404,
        /was not found/,
      );
      await expectError(await f.call('GET', `/canary/api/graph?check=${checkId}&count=0`), 400, /count/);
    });
  });

  describe('POST /canary/run/check/{id}', () => {
    it('runs the check: a new status row in the history and the check updated', async () => {
      const response = await f.call('POST', `/canary/run/check/${checkId}`, { as: 'editor' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Json;
      expect(body).toMatchObject({
        total: 1,
        success: expect.any(Number),
        failed: expect.any(Number),
        errors: expect.any(Array),
        start: expect.any(String),
      });
      expect(Number(body.success) + Number(body.failed)).toBe(1);
      const history = await f.call(
        'GET',
        `/db/check_statuses?check_id=eq.${checkId}&order=time.desc&limit=1`,
        { as: 'viewer' },
      );
      const [latest] = (await history.json()) as Json[];
      expect(Date.parse(String(latest?.time))).toBe(Date.parse(String(body.start)));
      expect(latest?.status).toBe(body.success === 1);
      const check = (await (
        await f.call('GET', `/db/checks?id=eq.${checkId}&select=last_runtime,status`)
      ).json()) as Json[];
      expect(Date.parse(String(check[0]?.last_runtime))).toBe(Date.parse(String(body.start)));
      expect(check[0]?.status).toBe(body.success === 1 ? 'healthy' : 'unhealthy');
    });

    it('is seen at once by the cached summary, and concurrent summaries agree', async () => {
      const read = async () => {
        const body = (await (await f.call('GET', `/canary/api/summary?check_id=${checkId}`)).json()) as {
          checks_summary: Json[];
        };
        const u = body.checks_summary[0]?.uptime as { passed: number; failed?: number };
        return { total: u.passed + (u.failed ?? 0), lastRuntime: body.checks_summary[0]?.last_runtime };
      };
      const before = await read();
      expect(await read()).toEqual(before);
      const run = (await (
        await f.call('POST', `/canary/run/check/${checkId}`, { as: 'editor' })
      ).json()) as Json;
      const after = await read();
      expect(after.total).toBe(before.total + 1);
      expect(Date.parse(String(after.lastRuntime))).toBe(Date.parse(String(run.start)));
      const concurrent = await Promise.all(Array.from({ length: 8 }, read));
      expect(concurrent.every((r) => r.total === after.total)).toBe(true);
    });

    it('needs canaries:create (admin, editor) and answers 404 for unknown checks', async () => {
      for (const role of ['commander', 'responder', 'viewer', 'guest'] as const) {
        await expectDenied(
          await f.call('POST', `/canary/run/check/${checkId}`, { as: role }),
          'canaries',
          'create',
        );
      }
      await expectError(
        await f.call('POST', '/canary/run/check/00000000-0000-0000-0000-00000000abcd'),
        404,
        /check \(.*\) was not found/,
      );
    });
  });

  describe('silences', () => {
    it('a check silenced through POST /notification/silence is reported as silenced', async () => {
      const before = (await (await f.call('GET', `/canary/api/summary?check_id=${checkId}`)).json()) as {
        checks_summary: Json[];
      };
      expect(before.checks_summary[0]?.silenced_at).toBeUndefined();
      const response = await f.call('POST', '/notification/silence', {
        as: 'editor',
        body: {
          name: 'maintenance',
          description: 'planned work',
          check_id: checkId,
          from: 'now',
          until: 'now+2h',
          recursive: false,
        },
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('');
      const after = (await (await f.call('GET', `/canary/api/summary?check_id=${checkId}`)).json()) as {
        checks_summary: Json[];
      };
      expect(after.checks_summary[0]?.silenced_at).toEqual(expect.any(String));
      const rows = (await (
        await f.call('GET', `/db/notification_silences?check_id=eq.${checkId}&select=name,source,until`)
      ).json()) as Json[];
      expect(rows).toContainEqual({ name: 'maintenance', source: 'UI', until: expect.any(String) });
    });

    it('validates the body and needs notification:create', async () => {
      await expectError(
        await f.call('POST', '/notification/silence', { body: { name: 'x' } }),
        400,
        /required/,
      );
      await expectError(
        await f.call('POST', '/notification/silence', {
          body: { name: 'x', check_id: checkId, from: 'now+2d', until: 'now+1d' },
        }),
        400,
        /from must be before until/,
      );
      await expectError(
        await f.call('POST', '/notification/silence', {
          body: { name: 'x', check_id: checkId, until: 'whenever' },
        }),
        400,
        /invalid until/,
      );
      await expectDenied(
        await f.call('POST', '/notification/silence', {
          as: 'viewer',
          body: { name: 'x', check_id: checkId },
        }),
        'notification',
        'create',
      );
    });
  });

  describe('GET /canary/api/topology', () => {
    it('returns root components with summaries and the filter facets', async () => {
      const response = await f.call('GET', '/canary/api/topology?depth=5', { as: 'viewer' });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        components: Json[];
        healthStatuses: string[];
        teams: string[];
        tags: Record<string, string[]>;
        types: string[];
      };
      expect(body.components.length).toBeGreaterThan(0);
      expect(body.components.every((c) => c.parent_id === undefined)).toBe(true);
      expect(body.components[0]).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        status: expect.any(String),
        summary: expect.any(Object),
      });
      expect(body.healthStatuses).toEqual(expect.arrayContaining(['healthy', 'unhealthy']));
      expect(body.types).toEqual(expect.arrayContaining(['Pod', 'Service']));
      expect(Object.keys(body.tags)).toEqual(expect.arrayContaining(['team']));
      expect(body.teams.length).toBeGreaterThan(0);
    });

    it('returns one component with its descendants for id=', async () => {
      const body = (await (await f.call('GET', `/canary/api/topology?id=${componentId}`)).json()) as {
        components: Json[];
      };
      expect(body.components).toHaveLength(1);
      const root = body.components[0] as Json & { components: Json[]; summary: Record<string, number> };
      expect(root.id).toBe(componentId);
      expect(root.components.length).toBeGreaterThan(0);
      expect(root.children).toEqual(root.components.map((c) => c.id));
      const leaves =
        (root.summary.healthy ?? 0) +
        (root.summary.unhealthy ?? 0) +
        (root.summary.warning ?? 0) +
        (root.summary.unknown ?? 0);
      expect(leaves).toBeGreaterThan(0);
    });

    it('filters by type with flatten, by status and hidden, and sorts', async () => {
      const pods = (await (await f.call('GET', '/canary/api/topology?type=Pod&flatten=true')).json()) as {
        components: Json[];
      };
      expect(pods.components.length).toBeGreaterThan(10);
      expect(pods.components.every((c) => c.type === 'Pod')).toBe(true);
      const bad = (await (
        await f.call('GET', '/canary/api/topology?type=Pod&status=unhealthy&flatten=true')
      ).json()) as { components: Json[] };
      expect(bad.components.every((c) => c.status === 'unhealthy')).toBe(true);
      const visible = (await (
        await f.call(
          'GET',
          '/canary/api/topology?flatten=true&type=Pod,Service,Deployment,Worker,Database&hidden=false',
        )
      ).json()) as { components: Json[] };
      expect(visible.components.some((c) => c.hidden === true)).toBe(false);
      const named = (await (
        await f.call('GET', '/canary/api/topology?type=Service&flatten=true&sortBy=name&sortOrder=desc')
      ).json()) as { components: Json[] };
      const names = named.components.map((c) => String(c.name));
      expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));
    });

    it('answers 400 for bad parameters and 404 for an unknown id', async () => {
      await expectError(await f.call('GET', '/canary/api/topology?sortOrder=sideways'), 400, /sortOrder/);
      await expectError(await f.call('GET', '/canary/api/topology?id=abc'), 400, /invalid id/);
      await expectError(
        await f.call('GET', '/canary/api/topology?id=00000000-0000-0000-0000-00000000abcd'),
        404,
        /not found/,
      );
    });
  });

  describe('GET /snapshot/topology/{id}', () => {
    it('downloads a zip attachment for readers and 404s unknown components', async () => {
      const response = await f.call('GET', `/snapshot/topology/${componentId}?start=1h&related=true`, {
        as: 'viewer',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="snapshot-.*\.zip"$/,
      );
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.includes(Buffer.from('components.json'))).toBe(true);
      await expectError(await f.call('GET', '/snapshot/topology/00000000-0000-0000-0000-00000000abcd'), 404);
      await expectError(
        await f.call('GET', `/snapshot/topology/${componentId}?logFormat=xml`),
        400,
        /logFormat/,
      );
    });
  });

  describe('GET /kubeconfig', () => {
    it('returns a YAML attachment whose token signs the caller in', async () => {
      const response = await f.call('GET', '/kubeconfig', { as: 'editor' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/yaml/);
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="mission-control-kubeconfig.yaml"',
      );
      const text = await response.text();
      expect(text).toMatch(/kind: Config/);
      expect(text).toMatch(/server: http:\/\/127\.0\.0\.1:\d+\/kubeproxy/);
      const token = /token: (\S+)/.exec(text)?.[1] ?? '';
      const whoami = await fetch(`${f.backend.url}/auth/whoami`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(whoami.status).toBe(200);
      expect(((await whoami.json()) as { payload: { user: Json } }).payload.user.email).toBe(
        'editor@demo.local',
      );
    });

    it('keeps at most three kubeconfig tokens per person, revoking the oldest; the server follows the proxy’s prefix (issue 31 item 15)', async () => {
      const tokens: string[] = [];
      for (let i = 0; i < 5; i++) {
        const text = await (
          await f.call('GET', '/kubeconfig', { as: 'admin', headers: { 'x-forwarded-prefix': '/api' } })
        ).text();
        expect(text).toMatch(/server: http:\/\/127\.0\.0\.1:\d+\/api\/kubeproxy/);
        tokens.push(/token: (\S+)/.exec(text)?.[1] ?? '');
      }
      const statuses = await Promise.all(
        tokens.map(
          async (token) =>
            (await fetch(`${f.backend.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }))
              .status,
        ),
      );
      expect(statuses).toEqual([401, 401, 200, 200, 200]);
      // A prefix that is not a plain path is ignored.
      const odd = await (
        await f.call('GET', '/kubeconfig', { as: 'admin', headers: { 'x-forwarded-prefix': '/../x' } })
      ).text();
      expect(odd).toMatch(/server: http:\/\/127\.0\.0\.1:\d+\/kubeproxy/);
    });

    it('is denied to roles without kubernetes-proxy:create', async () => {
      for (const role of ['commander', 'responder', 'viewer', 'guest'] as const) {
        await expectDenied(await f.call('GET', '/kubeconfig', { as: role }), 'kubernetes-proxy', 'create');
      }
    });
  });

  describe('demo ticker', () => {
    it('appends check statuses and canary job history when checks are due', async () => {
      const ticker = createDemoTicker({ db: f.backend.db });
      const later = new Date(Date.now() + 10 * 60_000);
      const before = await f.one<number>('SELECT count(*)::int FROM check_statuses');
      const result = await ticker.tick(later);
      expect(result.checks).toBeGreaterThan(100);
      expect(result.jobs).toBeGreaterThan(0);
      expect(await f.one<number>('SELECT count(*)::int FROM check_statuses')).toBe(before + result.checks);
      const jobs = (await (
        await f.call(
          'GET',
          `/db/job_history?name=eq.Canary&time_end=eq.${later.toISOString()}&select=resource_type,status`,
        )
      ).json()) as Json[];
      expect(jobs.length).toBe(result.jobs);
      expect(jobs.every((j) => j.resource_type === 'canary')).toBe(true);
      // Nothing is due again right away: every check moved its next run time forward.
      expect((await ticker.tick(new Date(later.getTime() + 1000))).checks).toBe(0);
      await ticker.stop();
    });

    (engine === 'pglite' ? it : it.skip)(
      'is started by createEmbeddedBackend outside tests and stopped by close()',
      async () => {
        const { mkdtempSync, rmSync } = await import('node:fs');
        const { tmpdir } = await import('node:os');
        const path = await import('node:path');
        const { createEmbeddedBackend } = await import('@/lib/embedded-backend/bootstrap');
        const dataDir = mkdtempSync(path.join(tmpdir(), 'ops-console-ticker-'));
        const env = { NODE_ENV: process.env.NODE_ENV, DEMO_TICKER: process.env.DEMO_TICKER };
        const mutable = process.env as Record<string, string | undefined>;
        try {
          expect(
            await createEmbeddedBackend({ dataDir, databaseUrl: null, seed: false }).then(async (b) => {
              const ticker = b.ticker;
              await b.db.close();
              return ticker;
            }),
          ).toBeUndefined();
          mutable.NODE_ENV = 'development';
          mutable.DEMO_TICKER = 'true';
          const backend = await createEmbeddedBackend({ dataDir, databaseUrl: null, seed: false });
          expect(backend.ticker?.running).toBe(true);
          await backend.db.close();
          expect(backend.ticker?.running).toBe(false);
        } finally {
          mutable.NODE_ENV = env.NODE_ENV;
          mutable.DEMO_TICKER = env.DEMO_TICKER;
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    );

    it('is switched off by DEMO_TICKER=false and starts and stops cleanly otherwise', async () => {
      const { startDemoTicker } = await import('@/lib/embedded-backend/ticker');
      const off = startDemoTicker(f.backend.db);
      expect(off.running).toBe(false);
      process.env.DEMO_TICKER = 'true';
      try {
        const on = startDemoTicker(f.backend.db, { intervalMs: 60_000 });
        expect(on.running).toBe(true);
        await on.stop();
        expect(on.running).toBe(false);
      } finally {
        process.env.DEMO_TICKER = 'false';
      }
    });
  });
});
