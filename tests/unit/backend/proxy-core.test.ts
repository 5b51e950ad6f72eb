/** @jest-environment node */
import { computeGrants } from '@/lib/auth/permissions';
import type { ConsoleSession } from '@/lib/auth/session';
import { proxyRequest, rewriteLocation, type ProxyContext } from '@/lib/backend/proxy';
import type { Transport } from '@/lib/backend/transport';
import { createProbes } from '@/lib/telemetry/install';
import { createLogger } from '@/lib/telemetry/logger';
import { consoleMetrics } from '@/lib/telemetry/metrics';
import { installProbes } from '@/lib/telemetry/probes';

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

describe('open live streams (issue 36)', () => {
  beforeAll(() =>
    installProbes(createProbes(createLogger({ level: 'silent', format: 'json' }), consoleMetrics())),
  );
  afterAll(() => installProbes(undefined));

  const openStreams = async () => (await consoleMetrics().liveStreams.get()).values[0]?.value ?? 0;

  /** A backend event stream that sends one event, then whatever `end` does with it. */
  function eventStream(end: (controller: ReadableStreamDefaultController<Uint8Array>) => void): Transport {
    return async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('data: {}\n\n'));
            end(controller);
          },
        }),
        { headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
      );
  }

  it('counts a stream while the browser reads it, and not once the browser goes away', async () => {
    const before = await openStreams();
    const response = await proxyRequest(
      new Request('http://c/api/events'),
      ctx(
        eventStream(() => undefined),
        '/events',
      ),
    );
    expect(response.status).toBe(200);
    expect(await openStreams()).toBe(before + 1);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('data: {}\n\n');
    await reader.cancel();
    expect(await openStreams()).toBe(before);
  });

  it('counts down when the backend ends or breaks the stream, and never for other answers', async () => {
    const before = await openStreams();
    const ended = await proxyRequest(
      new Request('http://c/api/events'),
      ctx(
        eventStream((c) => c.close()),
        '/events',
      ),
    );
    await ended.text();
    expect(await openStreams()).toBe(before);
    const broken = await proxyRequest(
      new Request('http://c/api/events'),
      ctx(
        eventStream((c) => c.error(new Error('backend went away'))),
        '/events',
      ),
    );
    // The browser's stream ends cleanly, not as a broken response (the tab reconnects on its own); this fake's error
    // discards the event it had queued.
    await expect(broken.text()).resolves.toBe('');
    expect(await openStreams()).toBe(before);
    await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(async () => new Response('[]')),
    );
    expect(await openStreams()).toBe(before);
  });
});

describe('backend errors by endpoint (issue 36)', () => {
  beforeAll(() =>
    installProbes(createProbes(createLogger({ level: 'silent', format: 'json' }), consoleMetrics())),
  );
  afterAll(() => installProbes(undefined));

  const errors = async (reason: string) =>
    (await consoleMetrics().backendErrors.get()).values.find(
      (v) => v.labels.kind === 'proxy' && v.labels.endpoint === '/db/checks' && v.labels.reason === reason,
    )?.value ?? 0;

  it('counts an unreachable backend, a time-out and a 5xx answer, each by its reason', async () => {
    const before = await Promise.all(['unreachable', 'timeout', 'http_503'].map(errors));
    await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(() => Promise.reject(new Error('ECONNREFUSED'))),
    );
    // A transport that honours the time-out's signal, as fetch does.
    const slow: Transport = (_path, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    await proxyRequest(new Request('http://c/api/db/checks'), ctx(slow));
    await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(async () => new Response('{}', { status: 503 })),
    );
    await proxyRequest(
      new Request('http://c/api/db/checks'),
      ctx(async () => new Response('[]')),
    );
    expect(await Promise.all(['unreachable', 'timeout', 'http_503'].map(errors))).toEqual(
      before.map((n) => n + 1),
    );
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
