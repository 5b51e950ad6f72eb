import { evaluateDatemath } from './datemath';

/** Mission Control's `.filter` query extension (reference §1.1 step 3), rewritten into native PostgREST filters. */
export const DATE_FILTER_COLUMNS: ReadonlySet<string> = new Set([
  'acknowledged',
  'check_time',
  'closed',
  'created_at',
  'deleted_at',
  'end_time',
  'expires_at',
  'first_observed',
  'last_attempt',
  'last_login',
  'last_observed',
  'last_received',
  'last_runtime',
  'last_scraped_time',
  'last_seen',
  'last_transition_time',
  'next_runtime',
  'resolved',
  'scheduled_time',
  'silenced_at',
  'start_time',
  'time',
  'time_end',
  'time_start',
  'updated_at',
]);

const SUFFIX = '.filter';

function quoteListItem(item: string): string {
  return `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function dateFilters(column: string, value: string, now: Date): [string, string][] {
  const out: [string, string][] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    let op = 'lt';
    let expr = item;
    if (item.startsWith('>')) {
      op = 'gt';
      expr = item.slice(1);
    } else if (item.startsWith('<')) {
      op = 'lt';
      expr = item.slice(1);
    } else if (item.startsWith('=')) {
      op = 'eq';
      expr = item.slice(1);
    }
    out.push([column, `${op}.${evaluateDatemath(expr, now).toISOString()}`]);
  }
  return out;
}

function valueFilters(column: string, value: string): [string, string][] {
  const include: string[] = [];
  const exclude: string[] = [];
  const out: [string, string][] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const negated = item.startsWith('!');
    const text = negated ? item.slice(1) : item;
    const glob = text.startsWith('*') || text.endsWith('*');
    if (glob) {
      // Mission Control drops negated globs silently (reference §6.10); we mirror it.
      if (!negated) out.push([column, `like.${text}`]);
      continue;
    }
    (negated ? exclude : include).push(text);
  }
  if (include.length > 0) out.push([column, `in.(${include.map(quoteListItem).join(',')})`]);
  if (exclude.length > 0) out.push([column, `not.in.(${exclude.map(quoteListItem).join(',')})`]);
  return out;
}

/** Replaces every `<col>.filter=<list>` pair by native filters on the same column; other pairs pass through in order. */
export function rewriteFilterExtension(
  params: readonly [string, string][],
  now: Date = new Date(),
): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of params) {
    if (!key.endsWith(SUFFIX) || key.length === SUFFIX.length) {
      out.push([key, value]);
      continue;
    }
    const column = key.slice(0, -SUFFIX.length);
    const lastSegment = column.split('.').pop() ?? column;
    if (DATE_FILTER_COLUMNS.has(lastSegment)) out.push(...dateFilters(column, value, now));
    else out.push(...valueFilters(column, value));
  }
  return out;
}
