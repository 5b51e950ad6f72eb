import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
} from '@opentelemetry/api';

/**
 * OpenTelemetry traces, on only when an OTLP endpoint (or OTEL_TRACES_EXPORTER) is configured. The SDK and the
 * exporter are imported by startTracing alone, so a console without them loads neither; spans are then skipped
 * before the API is even asked for a tracer. Once registered, Next.js adds its own spans (requests, page renders)
 * to the same traces, and the W3C propagator carries `traceparent` to the backend.
 */

export interface TracingSettings {
  exporter: 'otlp' | 'console';
  serviceName: string;
}

const SLOT = Symbol.for('ops-console.telemetry.tracing');
type WithTracing = typeof globalThis & { [SLOT]?: { shutdown: () => Promise<void> } };

/** True once startTracing registered a provider in this process. */
export function tracingActive(): boolean {
  return Boolean((globalThis as WithTracing)[SLOT]);
}

export async function startTracing(settings: TracingSettings): Promise<void> {
  const store = globalThis as WithTracing;
  if (store[SLOT]) return;
  const [sdk, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
  ]);
  const exporter =
    settings.exporter === 'console'
      ? new sdk.ConsoleSpanExporter()
      : new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new sdk.NodeTracerProvider({
    resource: resources
      .defaultResource()
      .merge(resources.resourceFromAttributes({ 'service.name': settings.serviceName }))
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    spanProcessors: [new sdk.BatchSpanProcessor(exporter)],
  });
  // Sets the global tracer provider, the AsyncLocalStorage context manager and the W3C trace-context propagator.
  provider.register();
  store[SLOT] = { shutdown: () => provider.shutdown() };
}

/** Flushes and stops the exporter (graceful shutdown, tests). */
export async function stopTracing(): Promise<void> {
  const store = globalThis as WithTracing;
  const running = store[SLOT];
  store[SLOT] = undefined;
  await running?.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
}

const tracer = () => trace.getTracer('ops-console');

/** Runs fn in a span (a child of the active one) that ends when fn settles; an exception marks it failed. */
export async function inSpan<T>(
  name: string,
  kind: SpanKind,
  attributes: Attributes,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingActive()) return fn(undefined);
  return tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Writes the active trace context (`traceparent`, `tracestate`) into outgoing headers. */
export function injectTraceContext(headers: Headers): void {
  if (!tracingActive()) return;
  propagation.inject(context.active(), headers, {
    set: (carrier, key, value) => carrier.set(key, value),
  });
}

/** Runs fn in the trace context an incoming request carries (or the active one when it carries none). */
export function withIncomingTraceContext<T>(headers: Headers, fn: () => T): T {
  if (!tracingActive() || !headers.has('traceparent')) return fn();
  const parent = propagation.extract(context.active(), headers, {
    get: (carrier, key) => carrier.get(key) ?? undefined,
    keys: (carrier) => [...carrier.keys()],
  });
  return context.with(parent, fn);
}

export { SpanKind };
