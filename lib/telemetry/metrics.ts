import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The console's Prometheus metrics, in one registry served by the metrics server (metrics-server.ts). Labels are
 * route and endpoint templates, methods and statuses only: never ids, tokens or query values.
 */

/** Seconds; from a cached answer (a few ms) to the proxy's time-out (30 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** A label takes at most this many values; later ones read `other` (a client can invent paths, not series). */
const MAX_LABEL_VALUES = 300;

function createMetrics(register: Registry) {
  collectDefaultMetrics({ register });
  return {
    register,
    httpRequests: new Counter({
      name: 'console_http_requests_total',
      help: 'HTTP requests answered by the console, by route template, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [register],
    }),
    httpDuration: new Histogram({
      name: 'console_http_request_duration_seconds',
      help: 'Time from a request to the end of its answer, by route template, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
    backendDuration: new Histogram({
      name: 'console_backend_request_duration_seconds',
      help: 'Backend calls until their response headers, by caller (client, proxy), endpoint template, method and status.',
      labelNames: ['kind', 'endpoint', 'method', 'status'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
    backendErrors: new Counter({
      name: 'console_backend_request_errors_total',
      help: 'Backend calls that failed (no answer, time-out, or 5xx), by caller, endpoint template and method.',
      labelNames: ['kind', 'endpoint', 'method', 'reason'] as const,
      registers: [register],
    }),
    proxyBytes: new Counter({
      name: 'console_proxy_bytes_total',
      help: 'Body bytes through the /api proxy, by direction (request: browser to backend, response: back).',
      labelNames: ['direction'] as const,
      registers: [register],
    }),
    prefetchDuration: new Histogram({
      name: 'console_prefetch_duration_seconds',
      help: 'Server renders prefetching their queries, by outcome (complete, failed: one or more refused or failed, stalled: some left to the browser).',
      labelNames: ['outcome'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
    signIns: new Counter({
      name: 'console_sign_ins_total',
      help: 'Password sign-in attempts by outcome (success, invalid, throttled, unavailable, error).',
      labelNames: ['outcome'] as const,
      registers: [register],
    }),
    liveStreams: new Gauge({
      name: 'console_live_streams_open',
      help: 'Live event streams open to browsers right now.',
      registers: [register],
    }),
    dbInFlight: new Gauge({
      name: 'console_db_statements_in_flight',
      help: 'Embedded backend statements waiting for or holding the engine (PGlite serves one at a time: the rest is its queue).',
      labelNames: ['engine'] as const,
      registers: [register],
    }),
    dbDuration: new Histogram({
      name: 'console_db_statement_duration_seconds',
      help: 'Embedded backend statements, queue wait included, by engine and statement kind.',
      labelNames: ['engine', 'statement'] as const,
      buckets: DURATION_BUCKETS,
      registers: [register],
    }),
    dbTimeouts: new Counter({
      name: 'console_db_statement_timeouts_total',
      help: 'Embedded backend statements cancelled by DB_STATEMENT_TIMEOUT_MS, by engine.',
      labelNames: ['engine'] as const,
      registers: [register],
    }),
    identityQueued: new Gauge({
      name: 'console_db_identity_queue_waiting',
      help: 'Embedded backend requests waiting in their identity’s queue for a slot (identity limiter).',
      registers: [register],
    }),
    identityRefusals: new Counter({
      name: 'console_db_identity_refusals_total',
      help: 'Embedded backend requests answered 429 because their identity’s queue was full.',
      registers: [register],
    }),
    labelValues: new Map<string, Set<string>>(),
  };
}

export type ConsoleMetrics = ReturnType<typeof createMetrics>;

const SLOT = Symbol.for('ops-console.telemetry.metrics');
type WithMetrics = typeof globalThis & { [SLOT]?: ConsoleMetrics };

/** The process's metrics (one registry even when Next loads this module in several bundles). */
export function consoleMetrics(): ConsoleMetrics {
  const store = globalThis as WithMetrics;
  store[SLOT] ??= createMetrics(new Registry());
  return store[SLOT];
}

/** The value itself while the label has fewer than MAX_LABEL_VALUES values, else `other`. */
export function boundedLabel(metrics: ConsoleMetrics, label: string, value: string): string {
  let seen = metrics.labelValues.get(label);
  if (!seen) {
    seen = new Set();
    metrics.labelValues.set(label, seen);
  }
  if (seen.has(value)) return value;
  if (seen.size >= MAX_LABEL_VALUES) return 'other';
  seen.add(value);
  return value;
}

/** `SELECT … FROM checks` → `select`: the statement kind, the only part of SQL text a label or span name takes. */
export function statementKind(sql: string): string {
  const word = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase();
  const known = [
    'select',
    'with',
    'insert',
    'update',
    'delete',
    'begin',
    'commit',
    'rollback',
    'set',
    'show',
  ];
  return word && known.includes(word) ? word : 'other';
}

/** The first table a statement names (FROM, INTO, UPDATE, JOIN): identifiers only, never values. */
export function statementTable(sql: string): string | undefined {
  // Literals are skipped: only identifiers may name the table.
  const code = sql.replace(/'(?:[^']|'')*'/g, "''");
  const match =
    /\b(?:from|into|update|join)\s+("?)([a-z_][a-z0-9_]*)\1(?:\s*\.\s*"?([a-z_][a-z0-9_]*)"?)?/i.exec(code);
  if (!match) return undefined;
  return (match[3] ?? match[2])?.toLowerCase();
}
