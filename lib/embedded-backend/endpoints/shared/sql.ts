/**
 * A tiny builder for WHERE clauses: every value goes through add() and becomes a `$n` placeholder, so request text
 * never reaches the SQL string; only fixed fragments written in this codebase do.
 */
export class SqlBuilder {
  readonly params: unknown[] = [];
  readonly where: string[] = [];

  constructor(initial: unknown[] = []) {
    this.params.push(...initial);
  }

  add(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  and(condition: string): void {
    this.where.push(condition);
  }

  whereClause(prefix = 'WHERE'): string {
    return this.where.length ? `${prefix} ${this.where.join(' AND ')}` : '';
  }
}

/** Converts a `*` glob into a LIKE pattern, escaping LIKE's own wildcards. */
export function globToLike(glob: string): string {
  return glob.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/**
 * Mission Control's filter grammar (`a,b,!c,*glob*`): plain values OR-ed, `!` values excluded, globs as LIKE
 * (negated globs excluded too). Returns the SQL condition on `column` (a fixed expression from our code) or null.
 */
export function filterGrammar(
  sql: SqlBuilder,
  column: string,
  value: string | undefined,
  caseInsensitive = false,
): string | null {
  if (value === undefined) return null;
  const like = caseInsensitive ? 'ILIKE' : 'LIKE';
  const include: string[] = [];
  const exclude: string[] = [];
  const includeGlobs: string[] = [];
  const excludeGlobs: string[] = [];
  for (const raw of value.split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const negated = item.startsWith('!');
    const text = negated ? item.slice(1) : item;
    if (text === '') continue;
    const glob = text.includes('*');
    if (glob) (negated ? excludeGlobs : includeGlobs).push(globToLike(text));
    else (negated ? exclude : include).push(text);
  }
  const parts: string[] = [];
  const positive: string[] = [];
  if (include.length) {
    positive.push(
      caseInsensitive
        ? `lower(${column}) = ANY(${sql.add(include.map((v) => v.toLowerCase()))}::text[])`
        : `${column} = ANY(${sql.add(include)}::text[])`,
    );
  }
  for (const g of includeGlobs) positive.push(`${column} ${like} ${sql.add(g)}`);
  if (positive.length) parts.push(`(${positive.join(' OR ')})`);
  if (exclude.length) {
    parts.push(
      caseInsensitive
        ? `(${column} IS NULL OR NOT lower(${column}) = ANY(${sql.add(exclude.map((v) => v.toLowerCase()))}::text[]))`
        : `(${column} IS NULL OR NOT ${column} = ANY(${sql.add(exclude)}::text[]))`,
    );
  }
  for (const g of excludeGlobs) parts.push(`(${column} IS NULL OR ${column} NOT ${like} ${sql.add(g)})`);
  return parts.length ? parts.join(' AND ') : null;
}

/** Adds filterGrammar's condition to the builder when there is one. */
export function andFilter(
  sql: SqlBuilder,
  column: string,
  value: string | undefined,
  caseInsensitive = false,
): void {
  const c = filterGrammar(sql, column, value, caseInsensitive);
  if (c) sql.and(c);
}
