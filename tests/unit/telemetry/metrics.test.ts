/** @jest-environment node */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProbes } from '@/lib/telemetry/install';
import { createLogger } from '@/lib/telemetry/logger';
import { boundedLabel, consoleMetrics, statementKind, statementTable } from '@/lib/telemetry/metrics';

/** The registry's series, and the Grafana dashboard in docs/ that queries them. */

const SUFFIXES = /_(bucket|sum|count)$/;

async function registeredNames(): Promise<Set<string>> {
  const metrics = await consoleMetrics().register.getMetricsAsJSON();
  return new Set(metrics.map((m) => m.name));
}

test('the registry holds the console series and the Node runtime defaults', async () => {
  const names = await registeredNames();
  for (const name of [
    'console_http_requests_total',
    'console_http_request_duration_seconds',
    'console_backend_request_duration_seconds',
    'console_backend_request_errors_total',
    'console_proxy_bytes_total',
    'console_sign_ins_total',
    'console_live_streams_open',
    'console_db_statements_in_flight',
    'console_db_statement_duration_seconds',
    'console_db_statement_timeouts_total',
    'console_db_identity_queue_waiting',
    'console_db_identity_refusals_total',
    'nodejs_eventloop_lag_p99_seconds',
    'nodejs_heap_size_used_bytes',
    'nodejs_gc_duration_seconds',
  ])
    expect(names).toContain(name);
});

test('one registry per process, however often the module is asked', () => {
  expect(consoleMetrics()).toBe(consoleMetrics());
});

test('the embedded engine: statements in flight while they run, and time-outs (57014) counted by engine', async () => {
  const metrics = consoleMetrics();
  const probes = createProbes(createLogger({ level: 'silent', format: 'json' }), metrics);
  const value = async (metric: { get(): Promise<{ values: { value: number; labels: object }[] }> }) =>
    (await metric.get()).values.find((v) => (v.labels as { engine?: string }).engine === 'test-engine')
      ?.value ?? 0;
  const timeoutsBefore = await value(metrics.dbTimeouts);
  let release: () => void = () => undefined;
  const running = probes.statement('test-engine', 'SELECT 1', () => new Promise<void>((r) => (release = r)));
  expect(await value(metrics.dbInFlight)).toBe(1);
  release();
  await running;
  expect(await value(metrics.dbInFlight)).toBe(0);
  const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
  });
  await expect(probes.statement('test-engine', 'SELECT 2', () => Promise.reject(cancelled))).rejects.toBe(
    cancelled,
  );
  await expect(
    probes.statement('test-engine', 'SELECT 3', () => Promise.reject(new Error('syntax error'))),
  ).rejects.toThrow();
  expect(await value(metrics.dbTimeouts)).toBe(timeoutsBefore + 1);
  expect(await value(metrics.dbInFlight)).toBe(0);
});

test('a label takes a bounded number of values', () => {
  const metrics = consoleMetrics();
  for (let i = 0; i < 400; i++) boundedLabel(metrics, 'test-label', `/db/table_${i}`);
  expect(boundedLabel(metrics, 'test-label', '/db/table_1')).toBe('/db/table_1');
  expect(boundedLabel(metrics, 'test-label', '/db/new_one')).toBe('other');
});

test.each([
  ['SELECT id FROM public.checks WHERE id = $1', 'select', 'checks'],
  ['  insert into "config_changes" (a) values ($1)', 'insert', 'config_changes'],
  ['UPDATE playbook_runs SET status = $1', 'update', 'playbook_runs'],
  ['WITH x AS (SELECT 1) SELECT * FROM x JOIN people p ON true', 'with', 'x'],
  ['BEGIN', 'begin', undefined],
  ["select 'FROM secrets' ", 'select', undefined],
])('%s is a %s on %s', (sql, kind, table) => {
  expect(statementKind(sql)).toBe(kind);
  expect(statementTable(sql)).toBe(table);
});

test('every metric the Grafana dashboard queries exists in the registry', async () => {
  const dashboard = JSON.parse(
    readFileSync(join(__dirname, '../../../docs/grafana-dashboard.json'), 'utf8'),
  ) as {
    panels: { title: string; targets: { expr: string }[] }[];
  };
  const names = await registeredNames();
  const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join(' | ');
  for (const wanted of ['request rate', 'errors', 'p95', 'backend latency', 'event-loop lag'])
    expect(titles).toContain(wanted);
  for (const panel of dashboard.panels) {
    expect(panel.targets.length).toBeGreaterThan(0);
    for (const { expr } of panel.targets) {
      const queried = expr.match(/\b(?:console|nodejs|process)_[a-z0-9_]+/g) ?? [];
      expect(queried.length).toBeGreaterThan(0);
      for (const series of queried)
        expect([panel.title, names.has(series.replace(SUFFIXES, ''))]).toEqual([panel.title, true]);
    }
  }
});
