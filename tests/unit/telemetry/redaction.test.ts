/** @jest-environment node */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DestinationStream } from 'pino';
import { apiRoute } from '@/lib/backend/api-route';
import { createBackendClient } from '@/lib/backend/create-client';
import { backendErrorFromResponse } from '@/lib/backend/errors';
import { guardServer } from '@/lib/server/front-door';
import { createProbes } from '@/lib/telemetry/install';
import { createLogger, prettyLine } from '@/lib/telemetry/logger';
import { consoleMetrics } from '@/lib/telemetry/metrics';
import { installProbes, log } from '@/lib/telemetry/probes';
import { REQUEST_ID_HEADER, requestIdOf } from '@/lib/telemetry/request-id';
import { z } from 'zod';

/**
 * No token, cookie, authorization header or password ever reaches a log line: a request carrying all of them goes
 * through the front door and the backend client with the real probes, and the collected output is searched.
 */

const SECRETS = {
  bearer: 'tok_live_ABCDEF1234567890',
  cookie: 'authjs.session-token=sess_ZYXWVU987654',
  password: 'hunter2-correct-horse',
  queryToken: 'qtok_5555666677778888',
};

const lines: string[] = [];
const collector: DestinationStream = { write: (line: string) => void lines.push(line) };
let server: Server;

beforeAll(async () => {
  installProbes(
    createProbes(createLogger({ level: 'debug', format: 'json', destination: collector }), consoleMetrics()),
  );
  server = createServer((req, res) => {
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}');
  });
  guardServer(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  installProbes(undefined);
  await new Promise((resolve) => server.close(resolve));
});

function everything(): string {
  return lines.join('');
}

function expectNoSecret(output: string) {
  for (const secret of Object.values(SECRETS)) expect(output).not.toContain(secret);
  expect(output).not.toContain('sess_');
}

test('a request carrying a bearer token, a session cookie and a password in its query is logged without them', async () => {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(
    `http://127.0.0.1:${port}/login?username=admin&password=${SECRETS.password}&token=${SECRETS.queryToken}`,
    {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SECRETS.bearer}`,
        cookie: SECRETS.cookie,
        [REQUEST_ID_HEADER]: 'given-id-1234',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `username=admin&password=${SECRETS.password}`,
    },
  );
  expect(response.headers.get(REQUEST_ID_HEADER)).toBe('given-id-1234');
  await response.text();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const entry = lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((e) => e.reqId === 'given-id-1234');
  expect(entry).toMatchObject({ level: 'error', method: 'POST', route: '/login', status: 500 });
  expect(typeof entry?.durationMs).toBe('number');
  expect(typeof entry?.time).toBe('string');
  expectNoSecret(everything());
  // The same exchange in the metrics: counted and timed by route template, method and status.
  const counted = (await consoleMetrics().httpRequests.get()).values.find(
    (v) => v.labels.route === '/login' && v.labels.method === 'POST' && v.labels.status === '500',
  );
  expect(counted?.value).toBeGreaterThanOrEqual(1);
  const timed = (await consoleMetrics().httpDuration.get()).values.find(
    (v) => v.metricName?.endsWith('_count') && v.labels.route === '/login' && v.labels.status === '500',
  );
  expect(timed?.value).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(await consoleMetrics().register.getMetricsAsJSON())).not.toContain(SECRETS.password);
});

test('an invalid request id is replaced by a generated one', async () => {
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/health`, {
    headers: { [REQUEST_ID_HEADER]: 'bad id <script>"x"' },
  });
  await response.text();
  expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
});

test('an /api answer names the front door’s request id, not the backend’s, and its error carries it', async () => {
  const handler = apiRoute(async () =>
    Response.json({ error: 'boom' }, { status: 500, headers: { [REQUEST_ID_HEADER]: 'backend-own-id' } }),
  );
  const answer = await handler(
    new Request('http://c/api/db/checks', { headers: { [REQUEST_ID_HEADER]: 'front-door-id-42' } }),
  );
  expect(answer.headers.get(REQUEST_ID_HEADER)).toBe('front-door-id-42');
  expect(requestIdOf(await backendErrorFromResponse(answer))).toBe('front-door-id-42');
});

test('a failing backend call logs its error without the bearer token or the query values', async () => {
  const client = createBackendClient({
    token: SECRETS.bearer,
    requestId: 'client-req-5678',
    transport: async () => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    },
  });
  const error: unknown = await client.get(`/db/people?password=eq.${SECRETS.password}`, z.unknown()).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(requestIdOf(error)).toBe('client-req-5678');
  log.error('[test] backend call failed', {
    err: error,
    headers: { authorization: `Bearer ${SECRETS.bearer}`, cookie: SECRETS.cookie },
    password: SECRETS.password,
    user: { token: SECRETS.queryToken },
  });
  const last = lines.at(-1) ?? '';
  expect(last).toContain('[redacted]');
  expectNoSecret(everything());
});

test('the development format prints one short line per entry', () => {
  const line = prettyLine(
    JSON.stringify({
      time: '2026-12-06T09:00:01.234Z',
      level: 'info',
      msg: 'GET /health 200',
      reqId: 'r-12345678',
    }),
  );
  expect(line).toBe('09:00:01.234 INFO  GET /health 200 {"reqId":"r-12345678"}\n');
});
