/** @jest-environment node */
import { ROLES, type Role } from '@/lib/auth/permissions';
import { createBackendClient, type BackendClient } from '@/lib/backend/create-client';
import { checkGraphEndpoint, healthSummaryEndpoint } from '@/lib/health/endpoints';
import { versionEndpoint } from '@/lib/backend/endpoints/version';
import { canaryEndpoint, checkDetailEndpoint, checkStatusesEndpoint } from '@/lib/health/check-endpoints';
import { propertiesEndpoint } from '@/lib/operations/endpoints';
import { catalogSummaryEndpoint } from '@/lib/catalog/endpoints';
import { playbookListEndpoint } from '@/lib/playbooks/endpoints';
import type { RunningServer } from '@/scripts/lib/node-http';
import { startCoreBackend, type CoreBackend } from './helpers/core-backend';
import { rawRequest, startProxy, transportTo } from './proxy-harness';

/** The proxy and the typed client against the real embedded backend: schemas, gates and the backend's own RBAC. */

let backend: CoreBackend;
let proxy: RunningServer;
let admin: BackendClient;
const tokens = new Map<Role, string>();

beforeAll(async () => {
  process.env.DEMO_TICKER = 'false';
  backend = await startCoreBackend('pglite');
  for (const role of ROLES) {
    const response = await fetch(`${backend.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: role, password: 'demo' }),
    });
    const body = (await response.json()) as { payload?: { token?: string } };
    tokens.set(role, body.payload?.token ?? '');
  }
  proxy = await startProxy({
    transport: transportTo(backend.url),
    tokenFor: (role) => tokens.get(role) ?? '',
  });
  admin = createBackendClient({ transport: transportTo(backend.url), token: tokens.get('admin') });
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await backend?.dispose();
});

describe('first-screen endpoints parse the embedded backend’s answers', () => {
  it('health summary, graph, check detail, history with total, canary, version, properties', async () => {
    const summary = await admin.request(healthSummaryEndpoint());
    const first = summary.checks_summary?.[0];
    expect(first?.id).toEqual(expect.any(String));
    const checkId = first?.id ?? '';

    const graph = await admin.request(checkGraphEndpoint({ checkId, start: '1d' }));
    expect(graph.uptime).toBeDefined();

    const [detail] = await admin.request(checkDetailEndpoint(checkId));
    expect(detail?.id).toBe(checkId);

    const since = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString();
    const history = await admin.requestWithCount(checkStatusesEndpoint({ checkId, since, pageSize: 10 }));
    expect(history.data.length).toBeLessThanOrEqual(10);
    expect(history.total).toEqual(expect.any(Number));

    if (detail?.canary_id) {
      const [canary] = await admin.request(canaryEndpoint(detail.canary_id));
      expect(canary?.id).toBe(detail.canary_id);
    }
    expect((await admin.request(versionEndpoint())).backend).toEqual(expect.any(String));
    expect(Array.isArray(await admin.request(propertiesEndpoint()))).toBe(true);
  });

  it('catalog summary and playbook list', async () => {
    const rows = await admin.request(
      catalogSummaryEndpoint({ groupBy: ['type'], deleted: false, cost: '30d' }),
    );
    expect(rows.length).toBeGreaterThan(0);
    const summary = await admin.request(healthSummaryEndpoint());
    const checkId = summary.checks_summary?.[0]?.id ?? '';
    expect(Array.isArray(await admin.request(playbookListEndpoint({ check_id: checkId })))).toBe(true);
  });
});

describe('through the proxy', () => {
  it('returns the same rows as the backend, byte for byte', async () => {
    const target = '/db/checks?select=id,name,status&order=name.asc&limit=5';
    const direct = await fetch(`${backend.url}${target}`, {
      headers: { authorization: `Bearer ${tokens.get('viewer')}` },
    });
    const proxied = await rawRequest(proxy.url, `/api${target}`, { headers: { 'x-test-role': 'viewer' } });
    expect(proxied.status).toBe(200);
    expect(proxied.body).toBe(await direct.text());
  });

  it('passes Content-Range of counted queries', async () => {
    const proxied = await rawRequest(proxy.url, '/api/db/checks?select=id&limit=2', {
      headers: { 'x-test-role': 'viewer', prefer: 'count=exact' },
    });
    expect(proxied.headers['content-range']).toMatch(/^0-1\/\d+$/);
  });

  it('downloads the kubeconfig as an attachment for editors', async () => {
    const response = await rawRequest(proxy.url, '/api/kubeconfig', { headers: { 'x-test-role': 'editor' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(response.body).toMatch(/^apiVersion: v1/);
  });

  it('names the console’s own public address as the kubeconfig server, never the backend’s (issue 31 item 15)', async () => {
    const serverOf = (body: string) => /server: (\S+)/.exec(body)?.[1];
    const direct = await rawRequest(proxy.url, '/api/kubeconfig', { headers: { 'x-test-role': 'editor' } });
    expect(serverOf(direct.body)).toBe(`${proxy.url}/api/kubeproxy`);
    expect(direct.body).not.toContain(backend.url);
    // A client's claim of another address is not taken without a declared reverse proxy; with one, its is.
    const claimed = {
      'x-test-role': 'editor',
      'x-forwarded-host': 'console.example',
      'x-forwarded-proto': 'https',
    };
    expect(serverOf((await rawRequest(proxy.url, '/api/kubeconfig', { headers: claimed })).body)).toBe(
      `${proxy.url}/api/kubeproxy`,
    );
    process.env.TRUSTED_PROXY_HOPS = '1';
    try {
      expect(serverOf((await rawRequest(proxy.url, '/api/kubeconfig', { headers: claimed })).body)).toBe(
        'https://console.example/api/kubeproxy',
      );
    } finally {
      delete process.env.TRUSTED_PROXY_HOPS;
    }
  });

  it('keeps at most three kubeconfig tokens per person: a new download revokes the oldest (issue 31 item 15)', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await rawRequest(proxy.url, '/api/kubeconfig', {
        headers: { 'x-test-role': 'admin' },
      });
      tokens.push(/token: (\S+)/.exec(response.body)?.[1] ?? '');
    }
    const rows = await backend.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_tokens a JOIN people p ON p.id = a.person_id WHERE a.name = 'kubeconfig' AND lower(p.name) = 'admin'`,
    );
    expect(rows.rows[0]?.n).toBe(3);
    const statuses = await Promise.all(
      tokens.map(
        async (token) =>
          (await fetch(`${backend.url}/auth/whoami`, { headers: { authorization: `Bearer ${token}` } }))
            .status,
      ),
    );
    expect(statuses).toEqual([401, 401, 200, 200, 200]);
  });

  it('refuses itself what the backend’s role policies refuse, with the backend’s decision (issue 31 item 14)', async () => {
    // The console's area table let viewers read notifications; the backend's roles do not. The console now decides
    // from the same policies, so the request never reaches the backend.
    const proxied = await rawRequest(proxy.url, '/api/db/notifications?select=id&limit=1', {
      headers: { 'x-test-role': 'viewer' },
    });
    expect(proxied.status).toBe(403);
    const direct = await fetch(`${backend.url}/db/notifications?select=id&limit=1`, {
      headers: { authorization: `Bearer ${tokens.get('viewer')}` },
    });
    expect(direct.status).toBe(403);
    expect(direct.headers.get('x-rbac-object')).toBe('notification');
  });

  it('denies writes the console’s role table forbids before they reach the backend', async () => {
    const response = await rawRequest(proxy.url, '/api/db/canaries', {
      method: 'POST',
      headers: { 'x-test-role': 'viewer', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', namespace: 'default', spec: {} }),
    });
    expect(response.status).toBe(403);
  });
});
