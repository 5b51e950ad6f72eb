/**
 * A small typed builder for the PostgREST queries the screens send to `/db/*`. It writes the same query strings
 * the earlier console sent (`checks?id=eq.X&select=*,canaries!…(id,name)`), so the embedded backend, the real
 * backend and the proxy tests see identical requests.
 */

export type Scalar = string | number | boolean;
export type SortDirection = 'asc' | 'desc';

/**
 * Percent-encodes a query value but keeps PostgREST's syntax characters readable (`,` `:` `(` `)` `*` `!` `.`)
 * the way the earlier console's axios did; `&`, `=`, `#`, `+`, `%`, spaces and non-ASCII are encoded.
 */
export function encodeQueryValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%24/gi, '$');
}

/** Quotes a value inside an or/and tree or an in-list when it contains a separator (`,` `(` `)`), a quote or a space. */
export function quoteTreeValue(value: Scalar): string {
  const text = String(value);
  return /[,()"\\\s]/.test(text) ? `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"` : text;
}

/** Conditions for or()/and() trees: `cond.eq('a', 1)` → `a.eq.1`. */
export const cond = {
  eq: (column: string, value: Scalar) => `${column}.eq.${quoteTreeValue(value)}`,
  neq: (column: string, value: Scalar) => `${column}.neq.${quoteTreeValue(value)}`,
  gt: (column: string, value: Scalar) => `${column}.gt.${quoteTreeValue(value)}`,
  gte: (column: string, value: Scalar) => `${column}.gte.${quoteTreeValue(value)}`,
  lt: (column: string, value: Scalar) => `${column}.lt.${quoteTreeValue(value)}`,
  lte: (column: string, value: Scalar) => `${column}.lte.${quoteTreeValue(value)}`,
  like: (column: string, pattern: string) => `${column}.like.${quoteTreeValue(pattern)}`,
  ilike: (column: string, pattern: string) => `${column}.ilike.${quoteTreeValue(pattern)}`,
  is: (column: string, value: null | boolean) => `${column}.is.${String(value)}`,
  in: (column: string, values: readonly Scalar[]) => `${column}.in.(${values.map(quoteTreeValue).join(',')})`,
  and: (...conditions: string[]) => `and(${conditions.join(',')})`,
  or: (...conditions: string[]) => `or(${conditions.join(',')})`,
} as const;

export class PostgrestQuery {
  private readonly params: Array<[string, string]> = [];
  private countExact = false;

  constructor(readonly resource: string) {
    if (!/^(rpc\/)?[a-z_][a-z0-9_]*$/i.test(resource))
      throw new Error(`Invalid PostgREST resource: ${resource}`);
  }

  /** A raw parameter (already in PostgREST syntax); the value is encoded, the key kept as is. */
  param(key: string, value: string): this {
    this.params.push([key, value]);
    return this;
  }

  select(columns: string): this {
    return this.param('select', columns);
  }

  eq(column: string, value: Scalar): this {
    return this.param(column, `eq.${value}`);
  }
  neq(column: string, value: Scalar): this {
    return this.param(column, `neq.${value}`);
  }
  gt(column: string, value: Scalar): this {
    return this.param(column, `gt.${value}`);
  }
  gte(column: string, value: Scalar): this {
    return this.param(column, `gte.${value}`);
  }
  lt(column: string, value: Scalar): this {
    return this.param(column, `lt.${value}`);
  }
  lte(column: string, value: Scalar): this {
    return this.param(column, `lte.${value}`);
  }
  like(column: string, pattern: string): this {
    return this.param(column, `like.${pattern}`);
  }
  ilike(column: string, pattern: string): this {
    return this.param(column, `ilike.${pattern}`);
  }
  in(column: string, values: readonly Scalar[]): this {
    return this.param(column, `in.(${values.map(quoteTreeValue).join(',')})`);
  }
  is(column: string, value: null | boolean): this {
    return this.param(column, `is.${String(value)}`);
  }
  not(column: string, operator: string, value: Scalar | null): this {
    return this.param(column, `not.${operator}.${String(value)}`);
  }

  /** `or=(a.eq.1,and(b.gt.2))` from conditions built with `cond`. */
  or(...conditions: string[]): this {
    return this.param('or', `(${conditions.join(',')})`);
  }
  and(...conditions: string[]): this {
    return this.param('and', `(${conditions.join(',')})`);
  }

  /** Mission Control's `.filter` extension: `status.filter=a,!b` (include / exclude values). */
  filter(column: string, include: readonly string[], exclude: readonly string[] = []): this {
    const values = [...include, ...exclude.map((v) => `!${v}`)];
    return values.length > 0 ? this.param(`${column}.filter`, values.join(',')) : this;
  }

  order(column: string, direction?: SortDirection, nulls?: 'nullsfirst' | 'nullslast'): this {
    return this.param('order', [column, direction, nulls].filter(Boolean).join('.'));
  }
  limit(n: number): this {
    return this.param('limit', String(Math.max(0, Math.trunc(n))));
  }
  offset(n: number): this {
    return this.param('offset', String(Math.max(0, Math.trunc(n))));
  }
  /** limit + offset of a zero-based page. */
  page(pageIndex: number, pageSize: number): this {
    return this.limit(pageSize).offset(pageIndex * pageSize);
  }

  /** Ask for `Content-Range: a-b/total` (Prefer: count=exact). */
  count(): this {
    this.countExact = true;
    return this;
  }

  get search(): string {
    return this.params.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&');
  }

  /** The backend path, e.g. `/db/checks?id=eq.1&select=*`. */
  toPath(): string {
    const search = this.search;
    return `/db/${this.resource}${search ? `?${search}` : ''}`;
  }

  get headers(): Record<string, string> {
    return this.countExact ? { prefer: 'count=exact' } : {};
  }
}

export function pgrst(resource: string): PostgrestQuery {
  return new PostgrestQuery(resource);
}
