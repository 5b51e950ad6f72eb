/** @jest-environment node */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { createBackendClient } from '@/lib/backend/create-client';
import { createLogger } from '@/lib/telemetry/logger';
import { createProbes } from '@/lib/telemetry/install';
import { consoleMetrics } from '@/lib/telemetry/metrics';
import { startMetricsServer } from '@/lib/telemetry/metrics-server';
import { installProbes, probes } from '@/lib/telemetry/probes';
import { inSpan, SpanKind, startTracing, stopTracing } from '@/lib/telemetry/tracing';
import type { RunningServer } from '@/scripts/lib/node-http';
import { startCoreBackend, type CoreBackend } from './helpers/core-backend';
import {
  spanAttribute,
  startOtlpReceiver,
  type OtlpReceiver,
  type OtlpSpan,
} from '@/tests/helpers/otlp-receiver';
import { rawRequest, startProxy, transportTo } from './proxy-harness';

/**
 * Traces and metrics end to end in one process: an in-process OTLP/HTTP receiver gets the spans of a page-like
 * parent span → the typed client's backend call → the embedded backend served over HTTP (joined by traceparent)
 * → its SQL; the metrics server answers with the series after that traffic, and 401 without its token.
 */

let receiver: OtlpReceiver;
let received: OtlpSpan[] = [];
let metricsServer: Server;
let backend: CoreBackend;
let proxy: RunningServer;
let token = '';
const METRICS_TOKEN = 'metrics-token-0123456789';

beforeAll(async () => {
  process.env.DEMO_TICKER = 'false';
  receiver = await startOtlpReceiver();
  received = receiver.spans;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
  await startTracing({ exporter: 'otlp', serviceName: 'telemetry-test' });
  installProbes(createProbes(createLogger({ level: 'silent', format: 'json' }), consoleMetrics()));
  metricsServer = await startMetricsServer({
    port: 0,
    host: '127.0.0.1',
    token: METRICS_TOKEN,
    register: consoleMetrics().register,
  });

  backend = await startCoreBackend('pglite');
  const login = await fetch(`${backend.url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo' }),
  });
  token = ((await login.json()) as { payload?: { token?: string } }).payload?.token ?? '';
  proxy = await startProxy({ transport: transportTo(backend.url), tokenFor: () => token });
}, 120_000);

afterAll(async () => {
  installProbes(undefined);
  await stopTracing();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  await proxy?.close();
  await backend?.dispose();
  await new Promise((resolve) => metricsServer?.close(resolve));
  await receiver?.close();
});

test('a page span is the parent of its backend call, whose trace the embedded backend and its SQL join', async () => {
  const client = createBackendClient({ transport: transportTo(backend.url), token });
  await inSpan('render route (app) /health', SpanKind.SERVER, {}, () =>
    client.get('/db/checks?select=id,name&limit=2&name=neq.secret-filter-value', z.array(z.unknown())),
  );
  await stopTracing(); // flushes the batch to the receiver
  await startTracing({ exporter: 'otlp', serviceName: 'telemetry-test' });

  const page = received.find((s) => s.name === 'render route (app) /health');
  expect(page).toBeDefined();
  const call = received.find((s) => s.parentSpanId === page?.spanId);
  expect(call).toMatchObject({ name: 'backend GET /db/checks', traceId: page?.traceId });
  expect(spanAttribute(call as OtlpSpan, 'http.response.status_code')).toBe(200);
  expect(spanAttribute(call as OtlpSpan, 'url.template')).toBe('/db/checks');

  const served = received.find((s) => s.parentSpanId === call?.spanId);
  expect(served).toMatchObject({ name: 'embedded-backend GET /db/checks', traceId: page?.traceId });

  // SQL runs under the served request (directly or below an RBAC lookup): walk up to it.
  const byId = new Map(received.map((s) => [s.spanId, s]));
  const underServed = (span: OtlpSpan): boolean => {
    for (let p = byId.get(span.parentSpanId ?? ''); p; p = byId.get(p.parentSpanId ?? ''))
      if (p.spanId === served?.spanId) return true;
    return false;
  };
  const sql = received.filter((s) => s.traceId === page?.traceId && spanAttribute(s, 'db.operation.name'));
  expect(sql.length).toBeGreaterThan(0);
  expect(sql.every(underServed)).toBe(true);
  expect(sql.map((s) => s.name)).toContain('select checks');

  // No value of the request reaches a span: neither the filter nor the token.
  const text = JSON.stringify(received);
  expect(text).not.toContain('secret-filter-value');
  expect(text).not.toContain(token);
});

test('a server prefetch is a span between the page and its backend calls, with what it ended with', async () => {
  const before = received.length;
  const client = createBackendClient({ transport: transportTo(backend.url), token });
  await inSpan('render route (app) /incidents', SpanKind.SERVER, {}, () =>
    probes().prefetch(
      2,
      () =>
        Promise.allSettled([
          client.get('/db/incidents?select=id&limit=1', z.array(z.unknown())),
          client.get('/db/no_such_table?select=id', z.array(z.unknown())),
        ]),
      (results) => ({
        answered: results.filter((r) => r.status === 'fulfilled').length,
        failed: results.filter((r) => r.status === 'rejected').length,
      }),
    ),
  );
  await stopTracing();
  await startTracing({ exporter: 'otlp', serviceName: 'telemetry-test' });
  const spans = received.slice(before);
  const page = spans.find((s) => s.name === 'render route (app) /incidents');
  const prefetch = spans.find((s) => s.name === 'prefetch');
  expect(prefetch?.parentSpanId).toBe(page?.spanId);
  expect(Number(spanAttribute(prefetch as OtlpSpan, 'console.prefetch.queries'))).toBe(2);
  expect(Number(spanAttribute(prefetch as OtlpSpan, 'console.prefetch.failed'))).toBe(1);
  expect(spanAttribute(prefetch as OtlpSpan, 'console.prefetch.outcome')).toBe('failed');
  const calls = spans.filter((s) => s.parentSpanId === prefetch?.spanId).map((s) => s.name);
  expect(calls.sort()).toEqual(['backend GET /db/incidents', 'backend GET /db/no_such_table']);
  const series = await consoleMetrics().prefetchDuration.get();
  expect(series.values.some((v) => v.labels.outcome === 'failed' && v.metricName?.endsWith('_count'))).toBe(
    true,
  );
});

test('the /api proxy call is a span of its own with the backend joining it', async () => {
  const before = received.length;
  const answer = await rawRequest(proxy.url, '/api/db/checks?select=id&limit=1', {
    headers: { 'x-test-role': 'admin' },
  });
  expect(answer.status).toBe(200);
  await stopTracing();
  await startTracing({ exporter: 'otlp', serviceName: 'telemetry-test' });
  const spans = received.slice(before);
  const proxied = spans.find((s) => s.name === 'proxy GET /db/checks');
  expect(proxied).toBeDefined();
  expect(spans.find((s) => s.parentSpanId === proxied?.spanId)?.name).toBe('embedded-backend GET /db/checks');
});

test('/metrics answers with the series after that traffic, and 401 without the token', async () => {
  const url = `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`;
  expect((await fetch(url)).status).toBe(401);
  expect((await fetch(url, { headers: { authorization: 'Bearer wrong-token-000000000' } })).status).toBe(401);
  const response = await fetch(url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toMatch(
    /console_backend_request_duration_seconds_count\{kind="client",endpoint="\/db\/checks",method="GET",status="200"\} [1-9]/,
  );
  expect(text).toMatch(
    /console_backend_request_duration_seconds_count\{kind="proxy",endpoint="\/db\/checks"/,
  );
  expect(text).toMatch(
    /console_db_statement_duration_seconds_count\{engine="pglite",statement="select"\} [1-9]/,
  );
  expect(text).toMatch(/console_proxy_bytes_total\{direction="response"\} [1-9]/);
  expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
  expect(text).not.toContain(token);
});
