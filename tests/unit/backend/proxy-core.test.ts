/** @jest-environment node */
import { computeGrants } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { proxyRequest, rewriteLocation, type ProxyContext } from '@/lib/backend/proxy';
import type { Transport } from '@/lib/backend/transport';

const admin: ConsoleSession = {
  mode: 'basic',
  user: { id: 'a', name: 'admin' },
  roles: ['admin'],
  grants: computeGrants(['admin']),
  features: {},
  refreshedAt: 0,
};

function ctx(transport: Transport, rest = '/db/checks', overrides: Partial<ProxyContext> = {}): ProxyContext {
  return {
    rest,
    access: { session: admin, token: 'tok', transport },
    mode: 'basic',
    limits: { maxBodyBytes: 100, timeoutMs: 100 },
    ...overrides,
  };
}

describe('proxyRequest with an in-process transport', () => {
  it('times out a handler that never answers (the embedded backend may ignore signals)', async () => {
    const response = await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(() => new Promise(() => undefined)),
    );
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ error: 'Request timed out. Please try again.' });
  });

  it('answers 502 without details when the handler throws', async () => {
    const response = await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(() =>
        Promise.reject(new Error('connect ECONNREFUSED 10.0.0.5:5432\n    at Socket.x (net.js:1:1)')),
      ),
    );
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(text).not.toMatch(/10\.0\.0\.5|ECONNREFUSED|at Socket/);
  });

  it('adds the bearer token and keeps the query string', async () => {
    let seen: { path: string; auth: string | null } | undefined;
    const transport: Transport = async (path, init) => {
      seen = { path, auth: new Headers(init?.headers).get('authorization') };
      return new Response('[]');
    };
    await proxyRequest(
      new Request('http://c/api/x', { headers: { authorization: 'Bearer evil' } }),
      ctx(transport, '/db/checks?a=%2C,*&or=(a.eq.1)'),
    );
    expect(seen).toEqual({ path: '/db/checks?a=%2C,*&or=(a.eq.1)', auth: 'Bearer tok' });
  });

  it('rejects a body over the limit while streaming to an in-process handler', async () => {
    const transport: Transport = async (_path, init) => {
      await new Response(init?.body).arrayBuffer();
      return new Response('{}');
    };
    const request = new Request('http://c/api/db/checks', {
      method: 'POST',
      body: 'x'.repeat(500),
      headers: { 'content-type': 'application/json' },
    });
    const response = await proxyRequest(request, ctx(transport));
    expect(response.status).toBe(413);
  });
});

describe('rewriteLocation', () => {
  it.each([
    ['/canary/about', '/canary/run/check/a', '/api/canary/about'],
    ['/checks?id=eq.1', '/db/checks', '/api/db/checks?id=eq.1'],
    ['/db/checks?id=eq.1', '/db/checks', '/api/db/checks?id=eq.1'],
    ['http://10.0.0.1:8080/db/checks', '/db/checks', undefined],
    ['//evil.example/x', '/db/checks', undefined],
    ['/../x', '/db/checks', undefined],
  ])('%s (after %s) → %s', (location, requestPath, expected) => {
    expect(rewriteLocation(location, requestPath)).toBe(expected);
  });
});
