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

/** Lines come one per slot of this many seconds, at an offset within the slot that only the slot decides. */
const SLOT_SECONDS = 10;

/**
 * A busy service's rate: one line per 10-second slot (1 to 19 seconds apart), newest first, within [start, end], at
 * most `max` lines. A line's time and text depend only on its component, selector and slot, never on the window
 * asked for, so two requests agree on their overlap and a line just seen is found again (issue 34).
 */
export function generateLogLines(
  componentId: string,
  componentName: string,
  selector: { name: string; labels?: Record<string, string> },
  start: Date,
  end: Date,
  max = 5000,
): LogLine[] {
  const lines: LogLine[] = [];
  const slotMs = SLOT_SECONDS * 1000;
  for (
    let slot = Math.floor(end.getTime() / slotMs);
    slot * slotMs + slotMs > start.getTime() && lines.length < max;
    slot--
  ) {
    const h = stableHash(`${componentId}:${selector.name}:${slot}`);
    const time = slot * slotMs + ((h >>> 20) % SLOT_SECONDS) * 1000;
    if (time > end.getTime() || time < start.getTime()) continue;
    const template = TEMPLATES[h % TEMPLATES.length] ?? 'ok';
    const message = template
      .replace('{ms}', String(5 + ((h >>> 3) % 2000)))
      .replace('{n}', String((h >>> 8) % 100_000))
      .replace('{k}', String(1 + ((h >>> 4) % 5)));
    const level = message.startsWith('ERROR') ? 'error' : message.startsWith('WARN') ? 'warn' : 'info';
    lines.push({
      timestamp: new Date(time).toISOString(),
      message,
      labels: {
        ...(selector.labels ?? {}),
        component: componentName,
        selector: selector.name,
        level,
        pod: `${componentName}-${(h >>> 12) % 3}`,
      },
    });
  }
  return lines;
}
