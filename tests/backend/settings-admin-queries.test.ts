import { jobHistoryEndpoint, jobHistoryNamesEndpoint } from '@/lib/backend/endpoints/jobs';
import { jobsListParams } from '@/lib/queries/jobs';
import { jobsSearch } from '@/lib/search-params/jobs';
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
    return { status: response.status, range: response.headers.get('content-range'), body: (response.ok ? JSON.parse(text) : []) as Json[] };
  };
  const jobs = (search: string, resource?: { id: string; types?: string[] }) => jobHistoryEndpoint(jobsListParams(jobsSearch.parse(new URLSearchParams(search)), resource));

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
    const named = await get(jobs(`status=all&range=now-7d&rangeType=relative&name=${encodeURIComponent(`${name}:1`)}`));
    expect(named.body.length).toBeGreaterThan(0);
    expect(named.body.every((j) => j.name === name)).toBe(true);

    const resourceId = String(byType.body[0]!.resource_id);
    const one = await get(jobs('status=all&range=now-7d&rangeType=relative', { id: resourceId, types: ['topology'] }));
    expect(one.body.length).toBeGreaterThan(0);
    expect(one.body.every((j) => j.resource_id === resourceId)).toBe(true);

    const sorted = await get(jobs('status=all&range=now-7d&rangeType=relative&sortBy=duration_millis&sortOrder=asc&pageSize=50'));
    const durations = sorted.body.map((j) => Number(j.duration_millis));
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  it('jobs: refused to roles other than admin', async () => {
    for (const role of ['editor', 'viewer'] as const) expect((await get(jobs(''), role)).status).toBe(403);
  });
});
