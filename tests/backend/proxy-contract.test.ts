/** @jest-environment node */
import type { RunningServer } from '@/scripts/lib/node-http';
import { canaryEndpoint, checkDetailEndpoint, checkStatusesEndpoint } from '@/lib/health/check-endpoints';
import { PROXY_MESSAGES } from '@/lib/backend/proxy';
import type { Role } from '@/lib/auth/permissions';
import {
  postChunked,
  rawRequest,
  startProxy,
  startUpstream,
  transportTo,
  UNREACHABLE_BACKEND_URL,
  type Upstream,
} from './proxy-harness';

let upstream: Upstream;
let proxy: RunningServer;

beforeAll(async () => {
  upstream = await startUpstream([
    (req, res) => {
      if (!req.url?.startsWith('/slow')) return false;
      setTimeout(() => {
        if (!res.destroyed) res.end('{}');
      }, 3_000).unref();
      return true;
    },
    (req, res) => {
      const match = /^(?:\/db)?\/redirect\/(\w+)$/.exec(req.url ?? '');
      if (!match) return false;
      const kind = match[1];
      const location =
        kind === 'absolute'
          ? `http://127.0.0.1:${upstream.port}/db/checks?id=eq.1`
          : kind === 'external'
            ? 'https://evil.example/steal'
            : kind === 'postgrest'
              ? '/checks?id=eq.1'
              : '/canary/about';
      res.writeHead(kind === 'postgrest' ? 201 : 302, { location, 'set-cookie': ['a=1', 'b=2'] });
      res.end();
      return true;
    },
    (req, res) => {
      if (req.url !== '/kubeconfig') return false;
      res.writeHead(200, {
        'content-type': 'text/yaml',
        'content-disposition': 'attachment; filename="demo-kubeconfig.yaml"',
      });
      res.end('apiVersion: v1\n');
      return true;
    },
    (req, res) => {
      if (req.url !== '/empty') return false;
      res.writeHead(204);
      res.end();
      return true;
    },
  ]);
  proxy = await startProxy({ transport: transportTo(upstream.url) });
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

function lastReceived() {
  const last = upstream.received.at(-1);
  if (!last) throw new Error('upstream received nothing');
  return last;
}

describe('query strings are forwarded byte for byte', () => {
  const targets = [
    '/db/checks?id=eq.abc&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id,%20name)',
    '/db/config_items?status.filter=!SUCCESS,Pending&health.filter=healthy&order=type,name.asc&limit=50&offset=0',
    '/db/configs?or=(a.eq.1,and(b.gt.2))&name=ilike.*foo%2Cbar*&labels-%3E%3Ek=eq.v',
    '/db/check_statuses?check_id=eq.x&time=gt.2026-01-01T00:00:00.000Z&order=time.desc&duration=gte.100',
    '/db/configs?id=in.(%22a%22,%22b%22)&select=id&select=name&empty=&flag',
    '/canary/api/graph?check=abc&count=300&start=1h',
    '/db/rpc/related_configs_recursive?config_id=x&max_depth=10&type.filter=Kubernetes::Pod',
    '/db/checks?q=%E2%9C%93%20ok+plus&x=%25%26%3D',
  ];
  it.each(targets)('%s', async (target) => {
    const response = await rawRequest(proxy.url, `/api${target}`, { headers: { 'x-test-role': 'admin' } });
    expect(response.status).toBe(200);
    expect(lastReceived().url).toBe(target);
  });
});

describe('request headers', () => {
  it('adds the bearer token and strips cookies, Authorization, hop-by-hop and backend-choosing headers', async () => {
    await rawRequest(proxy.url, '/api/db/checks?select=id', {
      headers: {
        'x-test-role': 'editor',
        cookie: 'authjs.session-token=abc; other=1',
        authorization: 'Bearer browser-token',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'http',
        forwarded: 'for=10.0.0.1;host=evil.example',
        'x-backend-url': 'http://evil.example',
        'x-real-ip': '10.0.0.1',
        connection: 'keep-alive, x-custom-hop',
        'x-custom-hop': '1',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        'proxy-authorization': 'Basic eA==',
        origin: 'http://console.example',
        referer: 'http://console.example/health',
        accept: 'application/json',
        prefer: 'count=exact',
        range: '0-49',
        'accept-profile': 'public',
      },
    });
    const { headers } = lastReceived();
    expect(headers.authorization).toBe('Bearer token-editor');
    // The console names its own address (the kubeconfig's server), never the client's claim of one.
    expect(headers['x-forwarded-host']).toBe(new URL(proxy.url).host);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(headers['x-forwarded-prefix']).toBe('/api');
    for (const name of [
      'cookie',
      'x-forwarded-for',
      'forwarded',
      'x-backend-url',
      'x-real-ip',
      'x-custom-hop',
      'keep-alive',
      'te',
      'proxy-authorization',
      'origin',
      'referer',
      'x-test-role',
    ]) {
      expect(headers[name]).toBeUndefined();
    }
    expect(headers.host).toBe(`127.0.0.1:${upstream.port}`);
    expect(headers.accept).toBe('application/json');
    expect(headers.prefer).toBe('count=exact');
    expect(headers.range).toBe('0-49');
    expect(headers['accept-profile']).toBe('public');
  });
});

describe('response headers', () => {
  it('passes status, content type, range and X-Rbac-*, makes the answer no-store, drops Set-Cookie and server details', async () => {
    const response = await rawRequest(proxy.url, '/api/db/checks', { headers: { 'x-test-role': 'viewer' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['content-range']).toBe('0-0/1');
    // The backend said max-age=5; answers carrying user data are never kept by a cache (issue 13 §14).
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-rbac-subject']).toBe('someone');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers.server).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-backend-address']).toBeUndefined();
    expect(JSON.stringify(response.headers)).not.toContain(String(upstream.port));
  });

  it.each([
    ['/api/redirect/absolute', 302, undefined],
    ['/api/redirect/relative', 302, '/api/canary/about'],
    ['/api/redirect/external', 302, undefined],
    ['/api/db/redirect/postgrest', 201, '/api/db/checks?id=eq.1'],
  ])('rewrites or drops Location and drops Set-Cookie (%s)', async (target, status, location) => {
    const response = await rawRequest(proxy.url, target, {
      method: 'POST',
      headers: { 'x-test-role': 'admin' },
    });
    expect(response.status).toBe(status);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers.location).toBe(location);
  });

  it('serves /api/kubeconfig as a download', async () => {
    const response = await rawRequest(proxy.url, '/api/kubeconfig', { headers: { 'x-test-role': 'editor' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="demo-kubeconfig.yaml"');
    expect(response.headers['content-type']).toBe('text/yaml');
    expect(response.body).toBe('apiVersion: v1\n');
  });

  it('passes 204 without a body', async () => {
    const response = await rawRequest(proxy.url, '/api/empty', { headers: { 'x-test-role': 'admin' } });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
  });
});

describe('methods and bodies', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('forwards %s with its body', async (method) => {
    const body = JSON.stringify({ name: 'x'.repeat(1000) });
    const response = await rawRequest(proxy.url, '/api/db/canaries?id=eq.1', {
      method,
      headers: {
        'x-test-role': 'editor',
        'content-type': 'application/json',
        'content-length': String(body.length),
      },
      body,
    });
    expect(response.status).toBe(200);
    const last = lastReceived();
    expect(last.method).toBe(method);
    expect(last.bodyBytes).toBe(body.length);
    expect(last.headers['content-type']).toBe('application/json');
  });

  it.each(['HEAD', 'OPTIONS'])('forwards %s', async (method) => {
    const response = await rawRequest(proxy.url, '/api/db/checks', {
      method,
      headers: { 'x-test-role': 'viewer' },
    });
    expect(response.status).toBe(200);
    expect(lastReceived().method).toBe(method);
  });
});

describe('rejections', () => {
  const bad = [
    '/api/db/../secrets',
    '/api/db/%2e%2e/secrets',
    '/api/db/%2E%2e%2Fsecrets',
    '/api/db/.%2e/x',
    '/api/db/checks%2f..%2fx',
    '/api/db/checks%5cx',
    '/api/db\\checks',
    '/api//evil.example/x',
    '/api/http://evil.example/x',
    '/api/db/checks%0d%0aX-Injected:%201',
    '/api/db/checks%00',
    '/api/db/%252e%252e/x',
    '/api/./db/checks',
  ];
  it.each(bad)('rejects %s with 400 JSON and forwards nothing', async (target) => {
    const before = upstream.received.length;
    const response = await rawRequest(proxy.url, target, { headers: { 'x-test-role': 'admin' } });
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toContain('application/json');
    expect(JSON.parse(response.body).error).toMatch(/^Invalid request path/);
    expect(upstream.received.length).toBe(before);
  });

  it('rejects a declared body over the limit with 413', async () => {
    const before = upstream.received.length;
    const response = await rawRequest(proxy.url, '/api/db/canaries', {
      method: 'POST',
      headers: {
        'x-test-role': 'admin',
        'content-length': String(2 * 1024 * 1024),
        'content-type': 'application/json',
      },
      body: 'x'.repeat(10),
    }).catch(() => ({ status: 413, body: '{"error":"socket closed"}', headers: {} }));
    expect(response.status).toBe(413);
    expect(upstream.received.length).toBe(before);
  });

  it('rejects a streamed (chunked) body that grows over the limit with 413', async () => {
    const response = await postChunked(proxy.url, '/api/db/canaries', Buffer.alloc(3 * 1024 * 1024, 0x61));
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ error: PROXY_MESSAGES.tooLarge });
  });

  it('answers 504 JSON when the backend is slow', async () => {
    const started = Date.now();
    const response = await rawRequest(proxy.url, '/api/slow', { headers: { 'x-test-role': 'admin' } });
    expect(response.status).toBe(504);
    expect(JSON.parse(response.body)).toEqual({ error: 'Request timed out. Please try again.' });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('answers 502 JSON without the address when the backend is unreachable', async () => {
    const deadUrl = UNREACHABLE_BACKEND_URL;
    const dead = await startProxy({ transport: transportTo(deadUrl) });
    try {
      const response = await rawRequest(dead.url, '/api/db/checks', { headers: { 'x-test-role': 'admin' } });
      expect(response.status).toBe(502);
      expect(JSON.parse(response.body)).toEqual({ error: PROXY_MESSAGES.unreachable });
      expect(response.body).not.toContain('127.0.0.1');
      expect(response.body).not.toContain(new URL(deadUrl).host);
      expect(response.body).not.toMatch(/at \w+ \(|ECONNREFUSED/);
    } finally {
      await dead.close();
    }
  });
});

describe('gates per role', () => {
  const cases: Array<[Role | 'anonymous', string, string, number]> = [
    ['anonymous', 'GET', '/db/checks', 401],
    ['anonymous', 'POST', '/db/checks', 401],
    ['guest', 'GET', '/db/checks', 200],
    ['viewer', 'GET', '/canary/api/summary', 200],
    ['viewer', 'POST', '/db/checks', 403],
    ['viewer', 'POST', '/canary/run/check/abc', 403],
    ['viewer', 'POST', '/catalog/summary', 200],
    ['viewer', 'POST', '/logs', 200],
    ['viewer', 'GET', '/db/connections', 403],
    ['viewer', 'GET', '/auth/whoami', 200],
    ['viewer', 'GET', '/properties', 200],
    ['viewer', 'GET', '/db/people?select=*', 200],
    ['editor', 'POST', '/db/checks', 200],
    ['editor', 'POST', '/canary/run/check/abc', 200],
    ['editor', 'GET', '/db/connections', 403],
    ['editor', 'POST', '/connection/test/abc', 403],
    ['editor', 'POST', '/people/update', 403],
    ['editor', 'POST', '/auth/invite_user', 403],
    ['editor', 'POST', '/playbook/run', 200],
    ['editor', 'POST', '/notification/silence', 200],
    ['responder', 'POST', '/db/incidents', 200],
    ['responder', 'PATCH', '/db/comments?id=eq.1', 200],
    ['responder', 'POST', '/db/checks', 403],
    ['commander', 'POST', '/playbook/run', 403],
    ['commander', 'DELETE', '/db/hypotheses?id=eq.1', 200],
    ['admin', 'GET', '/db/connections', 200],
    ['admin', 'POST', '/connection/test/abc', 200],
    ['admin', 'POST', '/people/update', 200],
    ['admin', 'DELETE', '/people/abc', 200],
    ['admin', 'POST', '/agent/generate', 200],
    ['editor', 'POST', '/agent/generate', 200],
    ['viewer', 'POST', '/agent/generate', 403],
  ];
  it.each(cases)('%s %s %s → %i', async (role, method, path, status) => {
    const before = upstream.received.length;
    const headers: Record<string, string> = role === 'anonymous' ? {} : { 'x-test-role': role };
    const body = method === 'GET' ? undefined : '{}';
    if (body) headers['content-type'] = 'application/json';
    const response = await rawRequest(proxy.url, `/api${path}`, { method, headers, body });
    expect(response.status).toBe(status);
    if (status === 401) expect(JSON.parse(response.body)).toEqual({ error: 'Not signed in' });
    if (status === 403) {
      expect(JSON.parse(response.body)).toEqual({ error: 'You do not have permission to access this page' });
    }
    expect(upstream.received.length).toBe(status === 200 ? before + 1 : before);
  });
});

describe('standalone mode', () => {
  let standalone: RunningServer;
  beforeAll(async () => {
    standalone = await startProxy({
      transport: transportTo(upstream.url),
      mode: 'none',
      healthSummaryPath: '/canary/api/custom-summary',
    });
  });
  afterAll(() => standalone.close());

  it.each([
    ['GET', '/canary/api/custom-summary', 200],
    ['GET', '/canary/api/summary', 200],
    ['GET', '/canary/api/graph?check=a&start=1h', 200],
    ['GET', '/canary/about', 200],
    // Only the health views' own /db requests (lib/backend/standalone-reads.ts; tests/backend/standalone-reads.test.ts).
    ['GET', checkDetailEndpoint('a').path, 200],
    ['HEAD', checkStatusesEndpoint({ checkId: 'a', since: '2026-01-01T00:00:00.000Z' }).path, 200],
    ['GET', canaryEndpoint('a').path, 200],
    ['GET', '/db/checks?id=eq.a', 403],
    ['HEAD', '/db/check_statuses', 403],
    ['GET', '/db/canaries?id=eq.a&select=*', 403],
    ['POST', '/db/checks', 403],
    ['POST', '/canary/run/check/a', 403],
    ['GET', '/db/incidents', 403],
    ['GET', '/auth/whoami', 403],
  ])('%s %s → %i', async (method, path, status) => {
    const response = await rawRequest(standalone.url, `/api${path}`, { method });
    expect(response.status).toBe(status);
    if (status === 200) expect(lastReceived().headers.authorization).toBeUndefined();
  });
});
