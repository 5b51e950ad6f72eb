/** @jest-environment node */
import { connect } from 'node:net';
import { ROLES, type Role } from '@/lib/auth/permissions';
import { apiGateFor } from '@/lib/backend/api-gates';
import type { RunningServer } from '@/scripts/lib/node-http';
import { parseProxyTarget } from '@/lib/backend/request-target';
import { API_RESPONSE_HEADERS } from '@/lib/server/security-headers';
import {
  postChunked,
  rawRequest,
  startProxy,
  startUpstream,
  transportTo,
  UNREACHABLE_BACKEND_URL,
  type RawResponse,
  type Upstream,
} from './proxy-harness';
import { equivalentSpellings, gatedPaths, refusedSpellings } from './proxy-target-variants';

/**
 * Issue 13 over real HTTP, through the proxy core inside the route wrapper app/api/[...path] uses: canonical
 * targets (§2), unexposed credential endpoints (§5), cross-site writes and JSON bodies (§7), refusals before the
 * body is read (§11), malformed targets (§12), security headers and no-store on every answer (§14).
 */

let upstream: Upstream;
let proxy: RunningServer;

beforeAll(async () => {
  upstream = await startUpstream();
  proxy = await startProxy({ transport: transportTo(upstream.url) });
});

afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

function expectApiHeaders(response: RawResponse, context: string): void {
  for (const [name, value] of Object.entries(API_RESPONSE_HEADERS)) {
    expect({ context, name, value: response.headers[name.toLowerCase()] }).toEqual({ context, name, value });
  }
}

const forwarded = () => upstream.received.length;

describe('every gated path, spelled every way, is gated and forwarded as its canonical name (§2)', () => {
  const roles: Role[] = ['editor', 'viewer', 'admin'];
  it.each(gatedPaths())('%s', async (canonical) => {
    const parsed = parseProxyTarget(canonical);
    if (!parsed.ok) throw new Error(canonical);
    for (const role of roles) {
      const expected = await rawRequest(proxy.url, `/api${canonical}`, { headers: { 'x-test-role': role } });
      for (const spelling of equivalentSpellings(canonical)) {
        const before = forwarded();
        const response = await rawRequest(proxy.url, `/api${spelling}`, { headers: { 'x-test-role': role } });
        expect({ spelling, role, status: response.status }).toEqual({
          spelling,
          role,
          status: expected.status,
        });
        if (response.status === 200) expect(upstream.received.at(-1)?.url).toBe(parsed.encodedPath);
        else expect(forwarded()).toBe(before);
      }
    }
    for (const spelling of refusedSpellings(canonical)) {
      const before = forwarded();
      const response = await rawRequest(proxy.url, `/api${spelling}`, {
        headers: { 'x-test-role': 'admin' },
      });
      expect({ spelling, status: response.status }).toEqual({ spelling, status: 400 });
      expect(forwarded()).toBe(before);
    }
  });

  it('the example of the review: an editor neither reads nor writes connections through conn%65ctions', async () => {
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      const before = forwarded();
      const response = await rawRequest(proxy.url, '/api/db/conn%65ctions?select=name,password', {
        method,
        headers: { 'x-test-role': 'editor', 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      expect({ method, status: response.status }).toEqual({ method, status: 403 });
      expect(forwarded()).toBe(before);
    }
    expect(apiGateFor('/db/connections', 'GET').target).toBe('connections');
  });
});

describe('credential-minting endpoints are not exposed (§5)', () => {
  it.each([
    ['POST', '/auth/login'],
    ['POST', '/auth/log%69n'],
    ['GET', '/auth/login'],
    ['POST', '/auth/logout'],
    ['GET', '/auth/basic/login'],
    ['POST', '/auth/create_token'],
    ['POST', '/kratos/self-service/login/api'],
    ['GET', '/kratos/sessions/whoami'],
    ['GET', '/db/people_passwords?select=*'],
    ['GET', '/db/access_t%6Fkens?select=value'],
  ])('%s %s → 404 for every role and the anonymous, nothing forwarded', async (method, path) => {
    for (const role of [...ROLES, null]) {
      const before = forwarded();
      const response = await rawRequest(proxy.url, `/api${path}`, {
        method,
        headers: { ...(role ? { 'x-test-role': role } : {}), 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{"username":"admin","password":"demo"}',
      });
      expect({ role, status: response.status }).toEqual({ role, status: 404 });
      expect(forwarded()).toBe(before);
    }
  });

  it('keeps the admin actions the UI needs: whoami, invite_user, agent/generate', async () => {
    expect(
      (await rawRequest(proxy.url, '/api/auth/whoami', { headers: { 'x-test-role': 'guest' } })).status,
    ).toBe(200);
    for (const path of ['/auth/invite_user', '/agent/generate']) {
      const response = await rawRequest(proxy.url, `/api${path}`, {
        method: 'POST',
        headers: { 'x-test-role': 'admin', 'content-type': 'application/json' },
        body: '{}',
      });
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });
});

describe('cross-site writes and JSON bodies (§7)', () => {
  const write = (headers: Record<string, string>, method = 'POST', body: string | undefined = '{}') =>
    rawRequest(proxy.url, '/api/db/comments', {
      method,
      headers: {
        'x-test-role': 'admin',
        'content-type': 'application/json',
        host: 'console.example',
        ...headers,
      },
      body,
    });

  it.each<Record<string, string>>([
    { origin: 'https://evil.example' },
    { origin: 'http://console.example.evil.example' },
    { origin: 'https://console.example:8443' },
    { origin: 'null' },
    { origin: 'file://' },
    { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example', host: 'console.example', 'x-forwarded-host': 'internal:3000' },
  ])('refuses %j with 403 before anything is forwarded', async (headers) => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS']) {
      const before = forwarded();
      const response = await write(headers, method, method === 'OPTIONS' ? undefined : '{}');
      expect({ method, status: response.status }).toEqual({ method, status: 403 });
      expect(JSON.parse(response.body)).toEqual({ error: 'Cross-site requests are not allowed' });
      expectApiHeaders(response, `${method} ${JSON.stringify(headers)}`);
      expect(forwarded()).toBe(before);
    }
  });

  it.each<Record<string, string>>([
    {},
    { origin: 'http://console.example' },
    { origin: 'https://console.example' },
    { origin: 'HTTPS://CONSOLE.EXAMPLE:443' },
    { 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'none' },
    { origin: 'https://console.example', host: '10.0.0.5:3000', 'x-forwarded-host': 'console.example' },
  ])('accepts a same-origin or non-browser write %j', async (headers) => {
    expect((await write(headers)).status).toBe(200);
  });

  it('reads are never refused for their origin (a cross-site GET cannot read the answer)', async () => {
    const response = await rawRequest(proxy.url, '/api/db/checks', {
      headers: { 'x-test-role': 'viewer', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ['text/plain', '{"comment":"x"}'],
    ['text/plain;charset=UTF-8', '{}'],
    ['application/x-www-form-urlencoded', 'comment=x'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/jsonp', '{}'],
    ['', '{}'],
  ])('a write with Content-Type %j is refused with 415 and never parsed', async (type, body) => {
    for (const method of ['POST', 'PATCH', 'DELETE']) {
      const before = forwarded();
      const headers: Record<string, string> = { 'x-test-role': 'admin' };
      if (type) headers['content-type'] = type;
      const response = await rawRequest(proxy.url, '/api/db/comments?id=eq.1', { method, headers, body });
      expect({ type, method, status: response.status }).toEqual({ type, method, status: 415 });
      expect(forwarded()).toBe(before);
    }
  });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/vnd.pgrst.object+json',
    'Application/JSON',
  ])('a write with Content-Type %s is forwarded', async (type) => {
    const response = await rawRequest(proxy.url, '/api/db/comments', {
      method: 'POST',
      headers: { 'x-test-role': 'admin', 'content-type': type },
      body: '{}',
    });
    expect(response.status).toBe(200);
  });

  it('a write without a body (DELETE with a filter, a bodiless POST action) needs no content type', async () => {
    expect(
      (
        await rawRequest(proxy.url, '/api/db/comments?id=eq.1', {
          method: 'DELETE',
          headers: { 'x-test-role': 'admin' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await rawRequest(proxy.url, '/api/canary/run/check/abc', {
          method: 'POST',
          headers: { 'x-test-role': 'admin' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('bodies are not read before the caller is known (§11)', () => {
  /** Sends the headers and the first bytes of a large body, then waits for an answer without sending the rest. */
  function stalledUpload(headers: string): Promise<{ head: string; closed: boolean; ms: number }> {
    const { hostname, port } = new URL(proxy.url);
    const started = Date.now();
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          `POST /api/db/comments HTTP/1.1\r\nHost: x\r\n${headers}Content-Type: application/json\r\nContent-Length: 500000\r\n\r\n{"a":`,
        );
      });
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString();
      });
      socket.on('close', () =>
        resolve({ head: data.split('\r\n\r\n')[0] ?? '', closed: true, ms: Date.now() - started }),
      );
      setTimeout(() => {
        socket.destroy();
        resolve({ head: data.split('\r\n\r\n')[0] ?? '', closed: false, ms: Date.now() - started });
      }, 3_000).unref();
    });
  }

  it('the anonymous get 401 at once and the connection closes, with the body never read', async () => {
    const before = forwarded();
    const result = await stalledUpload('');
    expect(result.head).toMatch(/^HTTP\/1\.1 401/);
    expect(result.head.toLowerCase()).toContain('connection: close');
    expect(result.closed).toBe(true);
    expect(result.ms).toBeLessThan(2_000);
    expect(forwarded()).toBe(before);
  });

  it('a refused role gets 403 the same way', async () => {
    const result = await stalledUpload('X-Test-Role: viewer\r\n');
    expect(result.head).toMatch(/^HTTP\/1\.1 403/);
    expect(result.closed).toBe(true);
  });
});

describe('malformed targets get a 4xx JSON answer with the security headers (§12)', () => {
  it.each([
    '/api/db/%ff',
    '/api/db/checks%c0%af',
    '/api/%e2%82',
    '/api/db/%2e%2e/x',
    '/api/db/checks%00',
    '/api/db/a%zz',
  ])('%s', async (target) => {
    const before = forwarded();
    const response = await rawRequest(proxy.url, target, { headers: { 'x-test-role': 'admin' } });
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).error).toMatch(/^Invalid request path: /);
    expectApiHeaders(response, target);
    expect(forwarded()).toBe(before);
  });
});

describe('every answer carries the security headers and Cache-Control: no-store (§14)', () => {
  it.each([
    ['200 proxied (the backend said max-age=5)', '/api/db/checks', { 'x-test-role': 'viewer' }, 200],
    ['401', '/api/db/checks', {}, 401],
    ['403', '/api/db/connections', { 'x-test-role': 'viewer' }, 403],
    ['404 unexposed', '/api/auth/login', { 'x-test-role': 'admin' }, 404],
    ['400', '/api/db/%ff', { 'x-test-role': 'admin' }, 400],
  ] as const)('%s', async (_label, target, headers, status) => {
    const response = await rawRequest(proxy.url, target, { headers: { ...headers } });
    expect(response.status).toBe(status);
    expectApiHeaders(response, target);
  });

  it('413, 415 and 502 too', async () => {
    const tooLarge = await postChunked(proxy.url, '/api/db/comments', Buffer.alloc(2 * 1024 * 1024, 0x61));
    expect(tooLarge.status).toBe(413);
    expectApiHeaders(tooLarge, '413');
    const notJson = await rawRequest(proxy.url, '/api/db/comments', {
      method: 'POST',
      headers: { 'x-test-role': 'admin', 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(notJson.status).toBe(415);
    expectApiHeaders(notJson, '415');
    const dead = await startProxy({ transport: transportTo(UNREACHABLE_BACKEND_URL) });
    try {
      const unreachable = await rawRequest(dead.url, '/api/db/checks', {
        headers: { 'x-test-role': 'admin' },
      });
      expect(unreachable.status).toBe(502);
      expectApiHeaders(unreachable, '502');
    } finally {
      await dead.close();
    }
  });
});
