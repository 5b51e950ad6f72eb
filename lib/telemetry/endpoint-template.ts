/**
 * Backend endpoint templates: what a backend call is labelled with in metrics, spans and log lines instead of its
 * path, so a label never carries an id, a token or a query value. No dependencies: the embedded backend uses it too.
 */

/** A path segment kept as it is: a lower-case word (a table, an endpoint name); anything else is a value. */
export const WORD = /^[a-z][a-z0-9_-]{0,47}$/;
/** Words that are still values: UUIDs and long hex or digit runs in word shape. */
const VALUE_LIKE = /^[0-9a-f]{8}-|[0-9]{4,}|^[0-9a-f]{16,}$/;
const MAX_SEGMENTS = 6;

function segmentTemplate(segment: string): string {
  return WORD.test(segment) && !VALUE_LIKE.test(segment) ? segment : ':id';
}

/** `/db/checks?id=eq.1` → `/db/checks`; `/playbook/run/3f2c…` → `/playbook/run/:id`. */
export function backendPathTemplate(path: string): string {
  const end = path.search(/[?#]/);
  const pathname = end === -1 ? path : path.slice(0, end);
  const segments = pathname.split('/').filter(Boolean);
  const kept = segments.slice(0, MAX_SEGMENTS).map(segmentTemplate);
  if (segments.length > MAX_SEGMENTS) kept.push('…');
  return `/${kept.join('/')}`;
}
