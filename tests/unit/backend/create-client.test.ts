/** @jest-environment node */
import { z } from 'zod';
import { createBackendClient } from '@/lib/backend/create-client';
import { healthSummaryEndpoint } from '@/lib/health/endpoints';
import { checkStatusesEndpoint } from '@/lib/health/check-endpoints';
import type { Transport } from '@/lib/backend/transport';
import { caughtBackendError } from '../../helpers/backend-error';

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });

function recording(answer: (path: string, init?: RequestInit) => Promise<Response> | Response) {
  const calls: Array<{ path: string; init?: RequestInit }> = [];
  const transport: Transport = async (path, init) => {
    calls.push({ path, init });
    return answer(path, init);
  };
  return { transport, calls };
}

describe('createBackendClient', () => {
  it('sends the bearer token and parses with zod', async () => {
    const { transport, calls } = recording(() =>
      json({ checks_summary: [{ id: 'a', name: 'A', status: 'healthy' }] }),
    );
    const client = createBackendClient({ transport, token: 'tok' });
    const data = await client.request(healthSummaryEndpoint());
    expect(data.checks_summary?.[0]?.name).toBe('A');
    expect(new Headers(calls[0]?.init?.headers).get('authorization')).toBe('Bearer tok');
    expect(calls[0]?.path).toBe('/canary/api/summary');
  });

  it('returns the Content-Range total and sends Prefer: count=exact', async () => {
    const { transport, calls } = recording(() =>
      json([], { status: 206, headers: { 'content-range': '0-49/321' } }),
    );
    const client = createBackendClient({ transport });
    const result = await client.requestWithCount(checkStatusesEndpoint({ checkId: 'c', since: 'x' }));
    expect(result).toEqual({ data: [], total: 321 });
    expect(new Headers(calls[0]?.init?.headers).get('prefer')).toBe('count=exact');
  });

  it('get/post/patch/del send the right method and JSON body', async () => {
    const { transport, calls } = recording(() => json({ ok: true }));
    const client = createBackendClient({ transport });
    const schema = z.object({ ok: z.boolean() });
    await client.get('/a', schema);
    await client.post('/b', { x: 1 }, schema);
    await client.patch('/c', { y: 2 }, schema);
    await client.del('/d', schema);
    expect(calls.map((c) => c.init?.method)).toEqual(['GET', 'POST', 'PATCH', 'DELETE']);
    expect(calls[1]?.init?.body).toBe('{"x":1}');
    expect(new Headers(calls[1]?.init?.headers).get('content-type')).toBe('application/json');
  });

  it('accepts an empty body when the schema allows it', async () => {
    const { transport } = recording(() => new Response(null, { status: 200 }));
    const client = createBackendClient({ transport });
    await expect(client.post('/notification/silence', {}, z.unknown())).resolves.toBeUndefined();
  });

  it.each([
    [json({ error: 'check (x) was not found' }, { status: 404 }), 404, 'http_404', 'check (x) was not found'],
    [
      json({ code: '42703', message: 'column x does not exist', details: null, hint: null }, { status: 400 }),
      400,
      '42703',
      'column x does not exist',
    ],
    [
      new Response('unauthorized. Access Denied', { status: 403 }),
      403,
      'http_403',
      'unauthorized. Access Denied',
    ],
    [new Response('', { status: 401 }), 401, 'http_401', 'Your session has expired. Please sign in again.'],
    [json({ message: 'Internal Server Error' }, { status: 500 }), 500, 'http_500', 'Internal Server Error'],
  ])('maps error answers (%#)', async (response, status, code, message) => {
    const { transport } = recording(() => response);
    const error = await caughtBackendError(createBackendClient({ transport }).get('/x', z.unknown()));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status,
      code,
      message,
    });
  });

  it('keeps the request id', async () => {
    const { transport } = recording(() =>
      json({ error: 'boom' }, { status: 500, headers: { 'x-request-id': 'req-1' } }),
    );
    const error = await caughtBackendError(createBackendClient({ transport }).get('/x', z.unknown()));
    expect(error.requestId).toBe('req-1');
  });

  it('turns a malformed answer into a clear error instead of a crash', async () => {
    const { transport } = recording(() => json({ checks_summary: [{ id: 1 }] }));
    const error = await caughtBackendError(
      createBackendClient({ transport }).request(healthSummaryEndpoint()),
    );
    expect(error.status).toBe(502);
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(
      /^The backend sent an unexpected answer for \/canary\/api\/summary: .+ at checks_summary\.0\.id/,
    );
  });

  it('reports non-JSON answers without leaking the query string', async () => {
    const { transport } = recording(() => new Response('<html>proxy error</html>', { status: 200 }));
    const error = await caughtBackendError(
      createBackendClient({ transport }).get('/db/people?email=eq.secret@x', z.unknown()),
    );
    expect(error.message).toBe(
      'The backend sent an unexpected answer for /db/people: the answer is not JSON',
    );
  });

  it('times out even when the transport ignores its signal', async () => {
    const transport: Transport = () => new Promise<Response>(() => undefined);
    const started = Date.now();
    const error = await caughtBackendError(
      createBackendClient({ transport, timeoutMs: 100 }).get('/x', z.unknown()),
    );
    expect(error.status).toBe(504);
    expect(error.message).toBe('Request timed out. Please try again.');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('aborts the transport signal on time-out', async () => {
    let seen: AbortSignal | undefined;
    const transport: Transport = (_path, init) => {
      seen = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    };
    await caughtBackendError(createBackendClient({ transport, timeoutMs: 50 }).get('/x', z.unknown()));
    expect(seen?.aborted).toBe(true);
  });

  it('hides transport failures behind a clear 502 without addresses', async () => {
    const transport: Transport = () => Promise.reject(new TypeError('connect ECONNREFUSED 10.1.2.3:8080'));
    const error = await caughtBackendError(createBackendClient({ transport }).get('/x', z.unknown()));
    expect(error.status).toBe(502);
    expect(error.message).toBe('The backend is not reachable. Please try again.');
    expect(error.message).not.toContain('10.1.2.3');
  });
});
