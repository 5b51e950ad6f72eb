/** @jest-environment node */
import type { Env } from '@/lib/env';
import { loggerFor, startTelemetry, tracingSettings } from '@/lib/telemetry/install';
import { installProbes } from '@/lib/telemetry/probes';
import { tracingActive } from '@/lib/telemetry/tracing';

/**
 * Issue 36's switches: traces are on only when a standard OTEL_* variable asks for them (and never under
 * OTEL_SDK_DISABLED), so a console without them starts no tracer; LOG_LEVEL sets the level and development logs
 * human lines.
 */

const env = (values: Partial<Env>): Env =>
  ({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    METRICS_HOST: '127.0.0.1',
    OTEL_SDK_DISABLED: false,
    ...values,
  }) as Env;

test.each<[string, Partial<Env>, ReturnType<typeof tracingSettings>]>([
  ['nothing set', {}, undefined],
  [
    'an OTLP endpoint',
    { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
    { exporter: 'otlp', serviceName: 'ops-console' },
  ],
  [
    'a traces endpoint',
    { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' },
    { exporter: 'otlp', serviceName: 'ops-console' },
  ],
  [
    'the console exporter, named service',
    { OTEL_TRACES_EXPORTER: 'console', OTEL_SERVICE_NAME: 'edge' },
    { exporter: 'console', serviceName: 'edge' },
  ],
  [
    'exporter none over an endpoint',
    { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
    undefined,
  ],
  ['an exporter this build does not ship', { OTEL_TRACES_EXPORTER: 'zipkin' }, undefined],
  [
    'the SDK disabled over an endpoint',
    { OTEL_SDK_DISABLED: true, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' },
    undefined,
  ],
])('traces with %s', (_case, values, expected) => {
  expect(tracingSettings(env(values))).toEqual(expected);
});

test('the default service name is the caller’s (npm run backend) unless OTEL_SERVICE_NAME is set', () => {
  const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' };
  expect(tracingSettings(env(endpoint), 'ops-console-backend')?.serviceName).toBe('ops-console-backend');
  expect(
    tracingSettings(env({ ...endpoint, OTEL_SERVICE_NAME: 'mine' }), 'ops-console-backend')?.serviceName,
  ).toBe('mine');
});

test('without OTEL_* variables the telemetry starts no tracer', async () => {
  await startTelemetry(env({ LOG_LEVEL: 'silent' }));
  expect(tracingActive()).toBe(false);
  installProbes(undefined);
});

test('LOG_LEVEL sets the level; development defaults to human lines', () => {
  expect(loggerFor(env({ LOG_LEVEL: 'warn' })).level).toBe('warn');
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    loggerFor(env({ NODE_ENV: 'development' })).info({ reqId: 'r-12345678' }, 'GET /health 200');
  } finally {
    write.mockRestore();
  }
  expect(lines.find((l) => l.includes('GET /health 200'))).toMatch(
    /^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/health 200/,
  );
});
