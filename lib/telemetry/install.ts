import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { Env } from '@/lib/env';
import { createLogger } from '@/lib/telemetry/logger';
import {
  boundedLabel,
  consoleMetrics,
  statementKind,
  statementTable,
  type ConsoleMetrics,
} from '@/lib/telemetry/metrics';
import { startMetricsServer } from '@/lib/telemetry/metrics-server';
import { installProbes, type TelemetryProbes } from '@/lib/telemetry/probes';
import { backendPathTemplate } from '@/lib/telemetry/endpoint-template';
import { routeTemplate } from '@/lib/telemetry/route-template';
import {
  inSpan,
  injectTraceContext,
  SpanKind,
  startTracing,
  withIncomingTraceContext,
  type TracingSettings,
} from '@/lib/telemetry/tracing';

/**
 * The real probes (probes.ts) over pino, prom-client and OpenTelemetry, and the start of the metrics server and
 * the tracer, called once from instrumentation.ts on the Node runtime and from `npm run backend`.
 */

const STATEMENT_TIMEOUT_CODE = '57014';

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function createProbes(logger: Logger, metrics: ConsoleMetrics): TelemetryProbes {
  return {
    log: (level, message, fields) => (fields ? logger[level](fields, message) : logger[level](message)),

    backendCall: async (call, run) => {
      const endpoint = backendPathTemplate(call.path);
      const method = call.method.toUpperCase();
      const started = performance.now();
      return inSpan(
        `${call.kind === 'proxy' ? 'proxy' : 'backend'} ${method} ${endpoint}`,
        SpanKind.CLIENT,
        { 'http.request.method': method, 'url.template': endpoint, 'console.call': call.kind },
        async (span) => {
          injectTraceContext(call.headers);
          const label = { kind: call.kind, endpoint: boundedLabel(metrics, 'endpoint', endpoint), method };
          try {
            const response = await run();
            span?.setAttribute('http.response.status_code', response.status);
            metrics.backendDuration.observe({ ...label, status: String(response.status) }, seconds(started));
            if (response.status >= 500)
              metrics.backendErrors.inc({ ...label, reason: `http_${response.status}` });
            return response;
          } catch (error) {
            // Read by name: fetch's time-out is a DOMException, not an Error instance in every realm (jest's vm).
            const name =
              typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
            const reason =
              name === 'TimeoutError' || errorCode(error) === 'timeout' ? 'timeout' : 'unreachable';
            metrics.backendDuration.observe({ ...label, status: reason }, seconds(started));
            metrics.backendErrors.inc({ ...label, reason });
            throw error;
          }
        },
      );
    },

    proxyBytes: (direction, bytes) => metrics.proxyBytes.inc({ direction }, bytes),

    liveStream: (event) => (event === 'open' ? metrics.liveStreams.inc() : metrics.liveStreams.dec()),

    signIn: (run, outcomeOf) =>
      inSpan('sign-in', SpanKind.INTERNAL, {}, async (span) => {
        let result: Awaited<ReturnType<typeof run>> | undefined;
        let failure: unknown;
        try {
          result = await run();
          return result;
        } catch (error) {
          failure = error;
          throw error;
        } finally {
          const outcome = outcomeOf(result, failure);
          span?.setAttribute('console.sign_in.outcome', outcome);
          metrics.signIns.inc({ outcome });
        }
      }),

    prefetch: (queries, run, outcomeOf) => {
      const started = performance.now();
      return inSpan('prefetch', SpanKind.INTERNAL, { 'console.prefetch.queries': queries }, async (span) => {
        const result = await run();
        const { answered, failed } = outcomeOf(result);
        const outcome = failed > 0 ? 'failed' : answered < queries ? 'stalled' : 'complete';
        span?.setAttributes({
          'console.prefetch.answered': answered,
          'console.prefetch.failed': failed,
          'console.prefetch.outcome': outcome,
        });
        metrics.prefetchDuration.observe({ outcome }, seconds(started));
        return result;
      });
    },

    backendRequest: (request, run) => {
      const url = new URL(request.url);
      const method = request.method.toUpperCase();
      const endpoint = backendPathTemplate(url.pathname);
      return withIncomingTraceContext(request.headers, () =>
        inSpan(
          `embedded-backend ${method} ${endpoint}`,
          SpanKind.SERVER,
          { 'http.request.method': method, 'url.template': endpoint },
          async (span) => {
            const response = await run();
            span?.setAttribute('http.response.status_code', response.status);
            return response;
          },
        ),
      );
    },

    statement: (engine, sql, run) => {
      const kind = statementKind(sql);
      const table = statementTable(sql);
      const started = performance.now();
      metrics.dbInFlight.inc({ engine });
      return inSpan(
        table ? `${kind} ${table}` : kind,
        SpanKind.CLIENT,
        {
          'db.system.name': 'postgresql',
          'db.operation.name': kind,
          ...(table ? { 'db.collection.name': table } : {}),
        },
        async () => {
          try {
            return await run();
          } catch (error) {
            if (errorCode(error) === STATEMENT_TIMEOUT_CODE) metrics.dbTimeouts.inc({ engine });
            throw error;
          } finally {
            metrics.dbInFlight.dec({ engine });
            metrics.dbDuration.observe({ engine, statement: kind }, seconds(started));
          }
        },
      );
    },

    identityQueue: (event) => {
      if (event === 'wait') metrics.identityQueued.inc();
      else if (event === 'leave') metrics.identityQueued.dec();
      else metrics.identityRefusals.inc();
    },

    exchange: (req, res, requestId) => observeExchange(logger, metrics, req, res, requestId),
  };
}

/** One log line and the HTTP metrics of a request once its answer is finished (or the client went away). */
function observeExchange(
  logger: Logger,
  metrics: ConsoleMetrics,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
): void {
  const started = performance.now();
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const route = routeTemplate(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    // 499 as nginx says it: the client closed the connection before the answer was complete.
    const status = res.writableFinished ? res.statusCode : 499;
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const label = { route: boundedLabel(metrics, 'route', route), method, status: String(status) };
    metrics.httpRequests.inc(label);
    metrics.httpDuration.observe(label, durationMs / 1000);
    // Probes (every few seconds, 503 while starting or draining by design) and assets would drown the rest.
    const routine = route === '/api/health' || route.startsWith('/_next/');
    const level = routine ? 'debug' : status >= 500 ? 'error' : 'info';
    logger[level]({ reqId: requestId, method, route, status, durationMs }, `${method} ${route} ${status}`);
  };
  res.once('finish', finish);
  res.once('close', finish);
}

/** What TRACES the environment asks for: an OTLP endpoint or OTEL_TRACES_EXPORTER=otlp|console; off otherwise. */
export function tracingSettings(env: Env, defaultServiceName = 'ops-console'): TracingSettings | undefined {
  if (env.OTEL_SDK_DISABLED) return undefined;
  const chosen = env.OTEL_TRACES_EXPORTER?.split(',')[0]?.trim();
  const serviceName = env.OTEL_SERVICE_NAME ?? defaultServiceName;
  if (chosen === 'otlp' || chosen === 'console') return { exporter: chosen, serviceName };
  if (chosen) return undefined; // `none`, or an exporter this build does not ship
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  return endpoint ? { exporter: 'otlp', serviceName } : undefined;
}

export function loggerFor(env: Env): Logger {
  return createLogger({
    level: env.LOG_LEVEL,
    format: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
  });
}

/**
 * Installs the probes, then starts the metrics server and the tracer when configured; failures are logged, not fatal.
 * `serviceName` names another process's traces (the embedded backend over HTTP) unless OTEL_SERVICE_NAME is set.
 */
export async function startTelemetry(env: Env, serviceName?: string): Promise<void> {
  const logger = loggerFor(env);
  const metrics = consoleMetrics();
  installProbes(createProbes(logger, metrics));
  const tracing = tracingSettings(env, serviceName);
  const started: Promise<unknown>[] = [];
  if (env.METRICS_PORT) {
    started.push(
      startMetricsServer({
        port: env.METRICS_PORT,
        host: env.METRICS_HOST,
        token: env.METRICS_TOKEN,
        register: metrics.register,
      }).then(
        () => logger.info(`[telemetry] metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`),
        (error: unknown) => logger.error({ err: error }, '[telemetry] metrics server failed to start'),
      ),
    );
  }
  if (tracing) {
    started.push(
      startTracing(tracing).then(
        () => logger.info(`[telemetry] traces exported (${tracing.exporter}) as ${tracing.serviceName}`),
        (error: unknown) => logger.error({ err: error }, '[telemetry] tracing failed to start'),
      ),
    );
  }
  await Promise.all(started);
}
