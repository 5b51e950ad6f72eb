/** @jest-environment node */
import { apiRoute } from '@/lib/backend/api-route';
import { canaryEndpoint, checkDetailEndpoint, checkStatusesEndpoint } from '@/lib/health/check-endpoints';
import { CHECK_DETAIL_SELECT } from '@/lib/backend/standalone-reads';
import { proxyRequest } from '@/lib/backend/proxy';
import { restFromUrl } from '@/lib/backend/request-target';
import { startFetchServer, type RunningServer } from '@/scripts/lib/node-http';
import { coreEngines } from './helpers/core-backend';
import { rawRequest, sessionFor, TEST_LIMITS, transportTo } from './proxy-harness';
import { startSecurityFixture, type SecurityFixture } from './security-fixture';

/**
 * Issue 31 item 6: standalone mode (AUTH_PROVIDER=none) reads the embedded backend as the demo guest for anonymous
 * visitors, and the guest may read far more than health through `select` and embeds. Through the console's /api
 * proxy in standalone mode, over real HTTP on both engines: the requests the health views send (built with the
 * views' own endpoint functions) answer 200, anything else on the same paths 403, before the backend is asked.
 */

type Row = Record<string, unknown>;

describe.each(coreEngines())('standalone /db reads on %s', (engine) => {
  let f: SecurityFixture;
  let standalone: RunningServer;
  let check: Row;
  let forwarded = 0;

  const get = (path: string) => rawRequest(standalone.url, `/api${path}`);

  beforeAll(async () => {
    f = await startSecurityFixture(engine);
    const transport = transportTo(f.backend.url);
    // As the console runs standalone on the embedded backend: no session of its own, the read-only demo guest's token.
    standalone = await startFetchServer(
      apiRoute((request: Request, rawTarget: string) =>
        proxyRequest(request, {
          rest: restFromUrl(rawTarget),
          access: {
            session: sessionFor('viewer', 'none'),
            token: f.tokens.get('guest'),
            transport: (path, init) => {
              forwarded++;
              return transport(path, init);
            },
          },
          mode: 'none',
          limits: { ...TEST_LIMITS, timeoutMs: 30_000 },
        }),
      ),
    );
    check =
      (
        await f.backend.db.query<Row>(
          `SELECT id, canary_id FROM checks WHERE deleted_at IS NULL AND canary_id IS NOT NULL ORDER BY name LIMIT 1`,
        )
      ).rows[0] ?? {};
  }, 300_000);

  afterAll(async () => {
    await standalone?.close();
    await f?.close();
  });

  it('answers the health views’ own requests', async () => {
    const id = String(check.id);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    for (const endpoint of [
      checkDetailEndpoint(id),
      checkStatusesEndpoint({ checkId: id, since }),
      checkStatusesEndpoint({
        checkId: id,
        since,
        status: 'failed',
        minDuration: 5,
        pageIndex: 1,
        pageSize: 25,
      }),
      canaryEndpoint(String(check.canary_id)),
    ]) {
      const response = await get(endpoint.path);
      expect([endpoint.path, response.status]).toEqual([endpoint.path, 200]);
      expect(Array.isArray(JSON.parse(response.body))).toBe(true);
    }
    const [detail] = JSON.parse((await get(checkDetailEndpoint(id).path)).body) as Row[];
    expect(detail).toMatchObject({ id });
  });

  it('refuses every other select, embed, filter and parameter on the health paths with 403, without asking the backend', async () => {
    const id = String(check.id);
    const detail = encodeURIComponent(CHECK_DETAIL_SELECT);
    const hostile = [
      // Wider selects and embeds of the review: raw config JSON, vulnerability reports, canary specs, run parameters.
      `/db/checks?select=*`,
      `/db/checks?id=eq.${id}`,
      `/db/checks?id=eq.${id}&select=*,canaries(spec)`,
      `/db/checks?id=eq.${id}&select=*,configs:check_config_relationships(configs(config))`,
      `/db/checks?id=eq.${id}&select=id,config_items(config,config_analysis(*))`,
      `/db/checks?id=eq.${id}&select=id,playbook_runs(parameters,request)`,
      `/db/canaries?select=*`,
      `/db/canaries?select=id,source,spec,name,namespace`,
      `/db/canaries?id=eq.${String(check.canary_id)}&select=*,checks(*)`,
      `/db/check_statuses?select=*`,
      `/db/check_statuses?check_id=eq.${id}&select=*,checks(*,canaries(spec))`,
      `/db/check_statuses?check_id=eq.${id}&select=message`,
      // The view's select, with what it never sends: tautologies, or-trees, negations, embedded filters, other columns.
      `/db/checks?select=${detail}`,
      `/db/checks?id=not.eq.${id}&select=${detail}`,
      `/db/checks?id=not.is.null&select=${detail}`,
      `/db/checks?or=(id.eq.${id},id.not.is.null)&id=eq.${id}&select=${detail}`,
      `/db/checks?id=eq.${id}&id=eq.x&select=${detail}`,
      `/db/checks?id=eq.${id}&select=${detail}&canaries.spec=not.is.null`,
      `/db/checks?id=eq.${id}&select=${detail}&limit=5000`,
      `/db/checks?id=in.(${id},x)&select=${detail}`,
      `/db/check_statuses?check_id=eq.${id}&order=message.desc`,
      `/db/check_statuses?check_id=eq.${id}&message=imatch.(a|a)*b`,
      `/db/check_statuses?check_id=eq.${id}&time=gt.(1,2)`,
      `/db/check_statuses?time=gt.2020-01-01`,
      `/db/check_statuses?check_id=eq.${id}&limit=99999999`,
    ];
    const before = forwarded;
    for (const path of hostile) {
      const response = await get(path);
      expect([path, response.status]).toEqual([path, 403]);
    }
    expect(forwarded).toBe(before);
    // Other relations stay refused as before.
    expect((await get('/db/config_items?select=config')).status).toBe(403);
    expect((await get('/db/playbook_runs?select=parameters')).status).toBe(403);
  });
});
