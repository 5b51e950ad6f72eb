import { jobHistoryEndpoint, jobHistoryNamesEndpoint } from '@/lib/operations/jobs-endpoints';
import * as admin from '@/lib/operations/endpoints';
import { jobsListParams } from '@/lib/operations/jobs-queries';
import { integrationsListParams } from '@/lib/operations/queries';
import { EVENT_QUEUE_SORTS, integrationsSearch, LOG_BACKEND_SORTS } from '@/lib/operations/search';
import { jobsSearch } from '@/lib/operations/jobs-search';
import { coreEngines } from './helpers/core-backend';
import { openEndpointsFixture, type EndpointsFixture, type Role } from './endpoints-fixture';

type Json = Record<string, unknown>;

/**
 * The console's own requests of the admin settings screens (issue 22), sent to the embedded backend exactly as the
 * endpoint modules write them: each filter changes the rows as it says, and refused roles get 403.
 */
describe.each(coreEngines())('admin settings screens on %s', (engine) => {
  let f: EndpointsFixture;
  const get = async (endpoint: { path: string; headers?: Record<string, string> }, as: Role = 'admin') => {
    const response = await f.call('GET', endpoint.path, { as, headers: endpoint.headers });
    const text = await response.text();
    return {
      status: response.status,
      range: response.headers.get('content-range'),
      body: (response.ok ? JSON.parse(text) : []) as Json[],
    };
  };
  const jobs = (search: string, resource?: { id: string; types?: string[] }) =>
    jobHistoryEndpoint(jobsListParams(jobsSearch.parse(new URLSearchParams(search)), resource));

  beforeAll(async () => {
    f = await openEndpointsFixture(engine);
  });
  afterAll(async () => {
    await f?.dispose();
  });

  it('jobs: the default hides SUCCESS, keeps the last two days and counts the total', async () => {
    const { status, range, body } = await get(jobs(''));
    expect([200, 206]).toContain(status);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((j) => j.status !== 'SUCCESS')).toBe(true);
    const twoDays = Date.now() - 2 * 86_400_000 - 60_000;
    expect(body.every((j) => Date.parse(String(j.created_at)) >= twoDays)).toBe(true);
    expect(Number(range?.split('/')[1])).toBeGreaterThanOrEqual(body.length);
  });

  it('jobs: each filter changes the rows as it says', async () => {
    const all = await get(jobs('status=all&range=now-7d&rangeType=relative'));
    const total = Number(all.range?.split('/')[1]);
    const byType = await get(jobs('status=all&range=now-7d&rangeType=relative&resource_type=topology'));
    expect(byType.body.length).toBeGreaterThan(0);
    expect(byType.body.every((j) => j.resource_type === 'topology')).toBe(true);
    expect(Number(byType.range?.split('/')[1])).toBeLessThan(total);

    const failed = await get(jobs('status=FAILED:1&range=now-7d&rangeType=relative'));
    expect(failed.body.length).toBeGreaterThan(0);
    expect(failed.body.every((j) => j.status === 'FAILED')).toBe(true);

    const slow = await get(jobs('status=all&duration=60s&range=now-7d&rangeType=relative'));
    expect(slow.body.every((j) => Number(j.duration_millis) >= 60_000)).toBe(true);
    expect(Number(slow.range?.split('/')[1])).toBeLessThan(total);

    const names = (await get(jobHistoryNamesEndpoint())).body.map((n) => String(n.name));
    const name = names[0]!;
    const named = await get(
      jobs(`status=all&range=now-7d&rangeType=relative&name=${encodeURIComponent(`${name}:1`)}`),
    );
    expect(named.body.length).toBeGreaterThan(0);
    expect(named.body.every((j) => j.name === name)).toBe(true);

    const resourceId = String(byType.body[0]!.resource_id);
    const one = await get(
      jobs('status=all&range=now-7d&rangeType=relative', { id: resourceId, types: ['topology'] }),
    );
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((j) => j.resource_id === resourceId)).toBe(true);

    const sorted = await get(
      jobs('status=all&range=now-7d&rangeType=relative&sortBy=duration_millis&sortOrder=asc&pageSize=50'),
    );
    const durations = sorted.body.map((j) => Number(j.duration_millis));
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it('jobs: refused to roles other than admin', async () => {
    for (const role of ['editor', 'viewer'] as const) expect((await get(jobs(''), role)).status).toBe(403);
  });

  const send = async (
    endpoint: { method?: string; path: string; body?: unknown; headers?: Record<string, string> },
    as: Role = 'admin',
  ) => {
    const response = await f.call(endpoint.method ?? 'GET', endpoint.path, {
      as,
      body: endpoint.body,
      headers: endpoint.headers,
    });
    const text = await response.text();
    return { status: response.status, body: response.ok && text ? (JSON.parse(text) as unknown) : text };
  };

  it('integrations: one server-paged list of the three kinds, admin only', async () => {
    const first = await get(
      admin.integrationsEndpoint(
        integrationsListParams(integrationsSearch.parse(new URLSearchParams('')), 5),
      ),
    );
    expect([200, 206]).toContain(first.status);
    expect(first.body).toHaveLength(5);
    const total = Number(first.range?.split('/')[1]);
    const all = await get(
      admin.integrationsEndpoint({ sortBy: 'name', sortDesc: false, pageIndex: 0, pageSize: total }),
    );
    expect(new Set(all.body.map((i) => i.integration_type))).toEqual(
      new Set(['scrapers', 'topologies', 'logging_backends']),
    );
    expect(
      (
        await get(
          admin.integrationsEndpoint({ sortBy: null, sortDesc: true, pageIndex: 0, pageSize: 5 }),
          'editor',
        )
      ).status,
    ).toBe(403);
  });

  it('log backends: create, read back, update only the changes; the creator is the caller', async () => {
    const name = `console-test-${engine}-${Date.now()}`;
    const created = await send(
      admin.createLogBackendEndpoint({
        name,
        labels: { env: 'test' },
        spec: { loki: { url: 'http://loki:3100' } },
      }),
    );
    expect(created.status).toBe(201);
    const id = String((created.body as Json[])[0]!.id);
    const [row] = (await get(admin.logBackendEndpoint(id))).body;
    expect(row).toMatchObject({
      name,
      labels: { env: 'test' },
      spec: { loki: { url: 'http://loki:3100' } },
      source: 'UI',
      created_by: { name: expect.any(String) },
    });
    expect(
      (await send(admin.updateLogBackendEndpoint(id, { spec: { loki: { url: 'http://loki-2:3100' } } })))
        .status,
    ).toBeLessThan(300);
    expect((await get(admin.logBackendEndpoint(id))).body[0]).toMatchObject({
      name,
      spec: { loki: { url: 'http://loki-2:3100' } },
    });
    expect((await get(admin.logBackendsEndpoint())).body.some((b) => b.id === id)).toBe(true);
    expect(
      (await send(admin.createLogBackendEndpoint({ name: 'x', labels: {}, spec: {} }), 'editor')).status,
    ).toBe(403);
    expect((await send(admin.deleteLogBackendEndpoint(id))).status).toBeLessThan(300);
    expect((await get(admin.logBackendsEndpoint())).body.some((b) => b.id === id)).toBe(false);
  });

  it('log backends: a name alone saves, its spec stored as {} (001 §2.4, issue 37)', async () => {
    const name = `console-bare-${engine}-${Date.now()}`;
    const created = await send(admin.createLogBackendEndpoint({ name, labels: {}, spec: {} }));
    expect(created.status).toBe(201);
    const id = String((created.body as Json[])[0]!.id);
    expect((await get(admin.logBackendEndpoint(id))).body[0]).toMatchObject({ name, spec: {} });
    expect((await send(admin.deleteLogBackendEndpoint(id))).status).toBeLessThan(300);
  });

  it('feature flags: everyone reads them, only admin writes; a stored flag shows in /properties', async () => {
    const name = `console-test-${engine}.disable`;
    expect((await send(admin.createPropertyEndpoint({ name, value: 'true' }), 'editor')).status).toBe(403);
    expect((await send(admin.createPropertyEndpoint({ name, value: 'true' }))).status).toBe(201);
    const listed = (await send(admin.propertiesEndpoint(), 'viewer')).body as Json[];
    expect(listed.find((p) => p.name === name)).toMatchObject({ value: 'true', source: 'db' });
    expect((await get(admin.propertyRowsEndpoint())).body.find((p) => p.name === name)).toMatchObject({
      created_by: { name: expect.any(String) },
    });
    expect((await get(admin.propertyRowsEndpoint(), 'editor')).status).toBe(403);
    expect((await send(admin.updatePropertyEndpoint(name, { value: 'false' }))).status).toBeLessThan(300);
    expect(
      ((await send(admin.propertiesEndpoint())).body as Json[]).find((p) => p.name === name),
    ).toMatchObject({ value: 'false' });
    expect((await send(admin.deletePropertyEndpoint(name))).status).toBeLessThan(300);
    expect(((await send(admin.propertiesEndpoint())).body as Json[]).some((p) => p.name === name)).toBe(
      false,
    );
  });

  it('event queue: newest failure first, with the most common error; admin only', async () => {
    const { status, body } = await get(admin.eventQueueEndpoint());
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(0);
    const failures = body
      .map((e) => e.last_failure)
      .filter(Boolean)
      .map((t) => Date.parse(String(t)));
    expect(failures).toEqual([...failures].sort((a, b) => b - a));
    expect(body.some((e) => typeof e.most_common_error === 'string')).toBe(true);
    expect((await get(admin.eventQueueEndpoint(), 'editor')).status).toBe(403);
  });

  it('log backends and the event queue: every sort the URL offers is accepted and orders the rows', async () => {
    for (const sortBy of EVENT_QUEUE_SORTS) {
      for (const sortDesc of [false, true]) {
        const { status, body } = await get(admin.eventQueueEndpoint({ sortBy, sortDesc }));
        expect(status).toBe(200);
        expect(body.length).toBeGreaterThan(0);
        if (sortBy === 'pending' || sortBy === 'failed') {
          const values = body.map((e) => Number(e[sortBy] ?? 0));
          expect(values).toEqual([...values].sort((a, b) => (sortDesc ? b - a : a - b)));
        }
      }
    }
    for (const sortBy of LOG_BACKEND_SORTS) {
      const { status, body } = await get(admin.logBackendsEndpoint({ sortBy, sortDesc: false }));
      expect(status).toBe(200);
      if (sortBy === 'name') {
        const names = body.map((b) => String(b.name));
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    }
  });
});
