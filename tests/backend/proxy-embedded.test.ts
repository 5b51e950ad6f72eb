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
    // The file itself names the backend's public /kubeproxy address: that is its purpose.
    expect(response.body).toMatch(/^apiVersion: v1/);
  });

  it('leaves the backend’s own denials intact (defence in depth)', async () => {
    // The console lets viewers read every /db area except rbac, identities and connections; the backend
    // restricts some of them further and its 403 passes through with the X-Rbac-* headers.
    const response = await rawRequest(proxy.url, '/api/db/notifications?select=id&limit=1', {
      headers: { 'x-test-role': 'viewer' },
    });
    expect([200, 403]).toContain(response.status);
    if (response.status === 403) expect(response.headers['x-rbac-object']).toBeDefined();
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
