import { stableHash } from './check-run';

/** Synthetic, deterministic log lines for components with log selectors (the demo has no log store behind it). */

export interface LogLine {
  timestamp: string;
  message: string;
  labels: Record<string, string>;
}

const TEMPLATES = [
  'GET /api/orders 200 in {ms}ms',
  'POST /api/checkout 201 in {ms}ms',
  'cache miss for key session:{n}',
  'connected to database pool (size={n})',
  'WARN slow query took {ms}ms',
  'ERROR upstream timed out after {ms}ms',
  'health probe ok',
  'reloaded configuration (generation {n})',
  'user {n} signed in',
  'job sync-inventory finished: {n} items',
];

/** One line per 30 s back from `end` to `start`, labelled with the selector's labels plus component and level. */
export function generateLogLines(
  componentId: string,
  componentName: string,
  selector: { name: string; labels?: Record<string, string> },
  start: Date,
  end: Date,
  max = 500,
): LogLine[] {
  const lines: LogLine[] = [];
  const step = 30_000;
  for (let t = Math.floor(end.getTime() / step) * step; t > start.getTime() && lines.length < max; t -= step) {
    const h = stableHash(`${componentId}:${selector.name}:${t}`);
    const template = TEMPLATES[h % TEMPLATES.length] ?? 'ok';
    const message = template.replace('{ms}', String(5 + (h % 2000))).replace('{n}', String((h >>> 8) % 10_000));
    const level = message.startsWith('ERROR') ? 'error' : message.startsWith('WARN') ? 'warn' : 'info';
    lines.push({
      timestamp: new Date(t).toISOString(),
      message,
      labels: { ...(selector.labels ?? {}), component: componentName, selector: selector.name, level },
    });
  }
  return lines;
}
