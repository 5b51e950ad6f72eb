import { stableHash } from './check-run';

/** Synthetic, deterministic log lines for components with log selectors (the demo has no log store behind it). */

export interface LogLine {
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

const TEMPLATES = [
  'GET /api/orders/{n} 200 in {ms}ms',
  'POST /api/checkout 201 in {ms}ms',
  'GET /api/catalog?page={k} 200 in {ms}ms',
  'cache miss for key session:{n}',
  'connected to database pool (size={k})',
  'WARN slow query took {ms}ms: SELECT * FROM orders WHERE customer_id = $1',
  'ERROR upstream payments-api timed out after {ms}ms (attempt {k}/3)',
  'health probe ok',
  'reloaded configuration (generation {n})',
  'user {n} signed in',
  'job sync-inventory finished: {n} items in {ms}ms',
  'WARN retrying request to https://api.partner.example.com/v2/stock ({k}/5)',
  'ERROR failed to publish event order.created: kafka: broker not available',
  'GET /healthz 200 in {ms}ms',
  'scaled worker pool to {k} goroutines',
];

/** A busy service's rate: one line every 2 to 20 seconds, from `end` back to `start`, at most `max` lines. */
export function generateLogLines(
  componentId: string,
  componentName: string,
  selector: { name: string; labels?: Record<string, string> },
  start: Date,
  end: Date,
  max = 5000,
): LogLine[] {
  const lines: LogLine[] = [];
  let t = end.getTime();
  while (t > start.getTime() && lines.length < max) {
    // Seconds-aligned so a line keeps its time (and text) when the window moves.
    const second = Math.floor(t / 1000) * 1000;
    const h = stableHash(`${componentId}:${selector.name}:${second}`);
    const template = TEMPLATES[h % TEMPLATES.length] ?? 'ok';
    const message = template
      .replace('{ms}', String(5 + (h % 2000)))
      .replace('{n}', String((h >>> 8) % 100_000))
      .replace('{k}', String(1 + ((h >>> 4) % 5)));
    const level = message.startsWith('ERROR') ? 'error' : message.startsWith('WARN') ? 'warn' : 'info';
    lines.push({
      timestamp: new Date(second).toISOString(),
      message,
      labels: {
        ...(selector.labels ?? {}),
        component: componentName,
        selector: selector.name,
        level,
        pod: `${componentName}-${(h >>> 12) % 3}`,
      },
    });
    t = second - 2000 - ((h >>> 16) % 19) * 1000;
  }
  return lines;
}
