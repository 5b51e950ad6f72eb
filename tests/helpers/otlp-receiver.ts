import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An in-process OTLP/HTTP trace receiver for tests: it takes what the console's exporter posts to `/v1/traces`
 * (the JSON encoding) and keeps every span, with ids as lowercase hex whatever the exporter sent.
 */

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: Record<string, unknown> }[];
}

export interface OtlpReceiver {
  /** The endpoint to put in OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  /** Every span received so far, in arrival order. */
  spans: OtlpSpan[];
  close: () => Promise<void>;
}

/** Ids arrive as hex (JSON encoding of OTLP/HTTP) or base64 (older exporters): compare them as hex. */
function hex(id: string | undefined): string | undefined {
  if (!id) return undefined;
  return /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex');
}

/** Listens on 127.0.0.1 (port 0: any free port). */
export async function startOtlpReceiver(port = 0): Promise<OtlpReceiver> {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const payload = JSON.parse(body) as {
        resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[];
      };
      for (const rs of payload.resourceSpans ?? [])
        for (const ss of rs.scopeSpans ?? [])
          for (const span of ss.spans ?? [])
            spans.push({
              ...span,
              traceId: hex(span.traceId) ?? '',
              spanId: hex(span.spanId) ?? '',
              parentSpanId: hex(span.parentSpanId),
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A span attribute's value, whatever its OTLP type (stringValue, intValue, …). */
export function spanAttribute(span: OtlpSpan, key: string): unknown {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value ? Object.values(value)[0] : undefined;
}

/** The span's ancestors among `spans`, nearest first. */
export function ancestorsOf(span: OtlpSpan, spans: OtlpSpan[]): OtlpSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: OtlpSpan[] = [];
  for (let p = byId.get(span.parentSpanId ?? ''); p; p = byId.get(p.parentSpanId ?? '')) chain.push(p);
  return chain;
}
