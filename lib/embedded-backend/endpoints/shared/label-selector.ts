import { badRequest } from './http';
import type { SqlBuilder } from './sql';

/** Splits a Kubernetes label selector on the commas outside `(…)`. */
function splitSelector(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out.filter(Boolean);
}

/** Kubernetes label-selector syntax on a jsonb column: `k=v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`, `!k`. */
export function andLabelSelector(
  sql: SqlBuilder,
  column: string,
  selector: string | undefined,
  field = 'tags',
): void {
  if (!selector) return;
  for (const term of splitSelector(selector)) {
    let m = /^([^\s!=(),]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term);
    if (m) {
      const values = (m[3] ?? '')
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
      const cond = `(${column} ->> ${sql.add(m[1])}) = ANY(${sql.add(values)}::text[])`;
      sql.and(m[2] === 'in' ? cond : `NOT coalesce(${cond}, false)`);
      continue;
    }
    m = /^([^\s!=]+)\s*(==|!=|=)\s*(.*)$/.exec(term);
    if (m) {
      const cond = `(${column} ->> ${sql.add(m[1])}) = ${sql.add((m[3] ?? '').trim())}`;
      sql.and(m[2] === '!=' ? `NOT coalesce(${cond}, false)` : cond);
      continue;
    }
    m = /^(!?)([^\s!=(),]+)$/.exec(term);
    if (m) {
      const cond = `${column} ? ${sql.add(m[2])}`;
      sql.and(m[1] ? `NOT coalesce(${cond}, false)` : `coalesce(${cond}, false)`);
      continue;
    }
    throw badRequest(`bad request: invalid ${field} selector "${term.slice(0, 64)}"`);
  }
}
