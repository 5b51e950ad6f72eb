import { PostgrestError, parseError, unknownColumn } from './errors';
import {
  LIMITS,
  fieldOutputName,
  scopeKey,
  type Condition,
  type FieldPath,
  type FilterNode,
  type OrderTerm,
  type ParsedQuery,
  type Scope,
  type SelectEmbed,
  type SelectItem,
} from './parser';
import { CAPS, CAP_MARKERS } from './caps';
import { addressMaskSql } from './address-mask';
import { MASKED_VALUE, revealerKey, revealerOf } from './exposure';
import type { ColumnInfo, Relationship, SchemaCache } from './schema-cache';

/**
 * Turns a ParsedQuery into SQL. Identifiers are quoted names taken from the schema cache; every request value is
 * pushed into `params` and referenced as $n, so request text never becomes SQL text.
 */

/** Anything rows can be selected from: a table, a view, a function's result or a CTE. */
export interface RowSource {
  name: string;
  columns: ColumnInfo[];
  columnMap: Map<string, ColumnInfo>;
  /** Columns identifying one row (schema-cache RelationInfo.rowKey); empty or absent when unknown. */
  rowKey?: string[];
}

/** Hard cap of rows per response (PostgREST db-max-rows of the real backend). */
export const MAX_ROWS = 2000;

function capGuard(marker: string): string {
  return `set_config(${quoteLiteral(marker)}, '', true)`;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function quoteLiteral(catalogText: string): string {
  return `'${catalogText.replace(/'/g, "''")}'`;
}

export function qualified(name: string): string {
  return `"public".${quoteIdent(name)}`;
}

const CAST_SQL: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  int: 'integer',
  int4: 'integer',
  integer: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  smallint: 'smallint',
  numeric: 'numeric',
  float: 'double precision',
  float8: 'double precision',
  real: 'real',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  json: 'json',
  jsonb: 'jsonb',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  uuid: 'uuid',
};

export class SqlContext {
  readonly params: unknown[] = [];
  /** Embed paths the select actually reached, to refuse filters on embeds that are not selected. */
  readonly visited = new Set<string>([scopeKey([])]);
  private aliasCount = 0;

  /** revealed: the RBAC object:action pairs the caller holds that unmask columns (exposure.ts revealerKey). */
  constructor(
    readonly schema: SchemaCache,
    readonly revealed: ReadonlySet<string> = new Set(),
  ) {}

  /** Whether reads of this column return MASKED_VALUE instead of its value. */
  masked(col: ColumnInfo): boolean {
    if (!col.mask) return false;
    const revealer = revealerOf(col.mask);
    return !revealer || !this.revealed.has(revealerKey(revealer));
  }

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  alias(prefix = 't'): string {
    return `${prefix}${this.aliasCount++}`;
  }
}

interface ExprInfo {
  sql: string;
  textual: boolean;
}

function columnOf(source: RowSource, name: string): ColumnInfo {
  const col = source.columnMap.get(name);
  if (!col) throw unknownColumn(source.name, name);
  return col;
}

/** `alias."col"` (or `base`, an expression standing for it) followed by JSON steps whose keys are bound parameters. */
export function fieldExpr(
  ctx: SqlContext,
  source: RowSource,
  alias: string,
  field: FieldPath,
  base?: string,
): ExprInfo {
  const col = columnOf(source, field.column);
  let sql = base ?? `${alias}.${quoteIdent(col.name)}`;
  if (field.json.length === 0) return { sql, textual: col.category === 'S' };
  if (col.typname !== 'json' && col.typname !== 'jsonb') {
    throw new PostgrestError(
      400,
      '42883',
      `operator does not exist: ${col.type} -> unknown`,
      null,
      'JSON paths apply to json/jsonb columns only',
    );
  }
  let textual = false;
  for (const step of field.json) {
    const key = /^-?\d{1,9}$/.test(step.key)
      ? `${ctx.param(Number(step.key))}::int`
      : `${ctx.param(step.key)}::text`;
    sql = `(${sql}${step.op}${key})`;
    textual = step.op === '->>';
  }
  return { sql, textual };
}

/**
 * A masked column reads as the mask when set and as null when not, whatever JSON path or cast was asked for. A column
 * with secret keys reads as its object with each of those keys that holds a value replaced by the mask; a column
 * with addresses as its document with each address in the declared array replaced by the mask.
 */
function maskedExpr(alias: string, col: ColumnInfo): string {
  const ref = `${alias}.${quoteIdent(col.name)}`;
  if (col.mask?.kind === 'addresses') {
    const sql = addressMaskSql(`${ref}::jsonb`, col.mask.path);
    return col.typname === 'json' ? `(${sql})::json` : sql;
  }
  if (col.mask?.kind === 'secret-keys') {
    const value = `${ref}::jsonb`;
    const keys = col.mask.keys.map(quoteLiteral).join(', ');
    const masked = `(SELECT jsonb_object_agg(k, to_jsonb(${quoteLiteral(MASKED_VALUE)}::text)) FROM jsonb_object_keys(${value}) AS k WHERE k IN (${keys}) AND ${value} -> k <> 'null'::jsonb)`;
    const sql = `CASE WHEN jsonb_typeof(${value}) = 'object' THEN ${value} || COALESCE(${masked}, '{}'::jsonb) ELSE ${value} END`;
    return col.typname === 'json' ? `(${sql})::json` : sql;
  }
  return `CASE WHEN ${ref} IS NULL THEN NULL ELSE ${quoteLiteral(MASKED_VALUE)} END`;
}

/**
 * Whether a masked column keeps the rest of its value readable (secret keys, addresses): JSON paths then follow the
 * masked value. Other masks replace the whole value.
 */
function partlyMasked(col: ColumnInfo): boolean {
  return col.mask?.kind === 'secret-keys' || col.mask?.kind === 'addresses';
}

/**
 * The expression filters and orders compare for a column whose addresses are masked: the masked document, so a
 * comparison can only ever learn the mask. Undefined for every other column (compared as stored, or refused).
 */
function comparedMasked(ctx: SqlContext, alias: string, col: ColumnInfo): string | undefined {
  return ctx.masked(col) && col.mask?.kind === 'addresses' ? `(${maskedExpr(alias, col)})` : undefined;
}

/**
 * Filtering or sorting by a masked column would reveal it one comparison at a time; only `is` (set or not) is allowed.
 * Columns with masked addresses are compared through their masked value instead (comparedMasked).
 */
function maskedColumnError(source: RowSource, col: ColumnInfo): PostgrestError {
  return new PostgrestError(
    400,
    'PGRST100',
    `"column ${source.name}.${col.name} is masked: it cannot be filtered or ordered by"`,
    null,
    `Only ${col.name}=is.null and ${col.name}=not.is.null are accepted on it.`,
  );
}

// ---------------------------------------------------------------------------------------------- filters

const COMPARISON: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  match: '~',
  imatch: '~*',
};

function compileCondition(ctx: SqlContext, source: RowSource, alias: string, cond: Condition): string {
  const col = columnOf(source, cond.field.column);
  const compared = comparedMasked(ctx, alias, col);
  if (ctx.masked(col) && !compared && (cond.op !== 'is' || cond.field.json.length > 0))
    throw maskedColumnError(source, col);
  const expr = fieldExpr(ctx, source, alias, cond.field, compared);
  let sql: string;
  switch (cond.op) {
    case 'in': {
      const items = cond.value as string[];
      if (items.length > LIMITS.items) throw parseError('"too many items in list"');
      sql = items.length === 0 ? 'false' : `${expr.sql} IN (${items.map((v) => ctx.param(v)).join(', ')})`;
      break;
    }
    case 'is': {
      const v = cond.value as string;
      sql =
        v === 'null'
          ? `${expr.sql} IS NULL`
          : v === 'not_null'
            ? `${expr.sql} IS NOT NULL`
            : v === 'true'
              ? `${expr.sql} IS TRUE`
              : v === 'false'
                ? `${expr.sql} IS FALSE`
                : `${expr.sql} IS UNKNOWN`;
      break;
    }
    case 'like':
    case 'ilike': {
      const pattern = (cond.value as string).replace(/\*/g, '%');
      const left = expr.textual ? expr.sql : `${expr.sql}::text`;
      sql = `${left} ${cond.op === 'like' ? 'LIKE' : 'ILIKE'} ${ctx.param(pattern)}`;
      break;
    }
    case 'match':
    case 'imatch': {
      const left = expr.textual ? expr.sql : `${expr.sql}::text`;
      sql = `${left} ${COMPARISON[cond.op]} ${ctx.param(cond.value)}`;
      break;
    }
    default:
      sql = `${expr.sql} ${COMPARISON[cond.op] ?? '='} ${ctx.param(cond.value)}`;
  }
  return cond.negate ? `NOT (${sql})` : sql;
}

export function compileFilter(
  ctx: SqlContext,
  source: RowSource,
  alias: string,
  node: FilterNode,
  depth = 0,
): string {
  if (depth > LIMITS.depth) throw parseError('"logic tree nested too deeply"');
  if (node.kind === 'cond') return compileCondition(ctx, source, alias, node);
  const parts = node.children.map((child) => compileFilter(ctx, source, alias, child, depth + 1));
  const joined = `(${parts.join(node.op === 'and' ? ' AND ' : ' OR ')})`;
  return node.negate ? `NOT ${joined}` : joined;
}

export function compileOrder(
  ctx: SqlContext,
  source: RowSource,
  alias: string,
  order: OrderTerm[] | undefined,
): string {
  if (!order || order.length === 0) return '';
  const terms = order.map((t) => {
    const col = columnOf(source, t.field.column);
    const compared = comparedMasked(ctx, alias, col);
    if (ctx.masked(col) && !compared) throw maskedColumnError(source, col);
    const expr = fieldExpr(ctx, source, alias, t.field, compared).sql;
    const dir = t.dir === 'desc' ? ' DESC' : t.dir === 'asc' ? ' ASC' : '';
    const nulls = t.nulls === 'first' ? ' NULLS FIRST' : t.nulls === 'last' ? ' NULLS LAST' : '';
    return `${expr}${dir}${nulls}`;
  });
  return ` ORDER BY ${terms.join(', ')}`;
}

// ---------------------------------------------------------------------------------------------- embeds

function relationshipError(source: string, name: string, hint: string | undefined): PostgrestError {
  return new PostgrestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${source}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${source}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
    null,
  );
}

function single(columns: string[], name: string): boolean {
  return columns.length === 1 && columns[0] === name;
}

/** Finds the one relationship an embed refers to, the way PostgREST does (name, FK column, constraint; hint filter). */
export function resolveRelationship(schema: SchemaCache, source: string, embed: SelectEmbed): Relationship {
  const all = schema.relationships.get(source) ?? [];
  const byTarget = all.filter((r) => r.target === embed.name);
  const byColumn = all.filter((r) => r.cardinality === 'm2o' && single(r.sourceColumns, embed.name));
  const byConstraint = all.filter((r) => r.constraint === embed.name);
  let candidates = byTarget.length > 0 ? byTarget : byColumn.length > 0 ? byColumn : byConstraint;
  if (embed.hint !== undefined) {
    const hint = embed.hint;
    candidates = candidates.filter(
      (r) =>
        r.constraint === hint ||
        single(r.sourceColumns, hint) ||
        single(r.targetColumns, hint) ||
        r.target === hint,
    );
  }
  if (candidates.length > 1 && byTarget.length === 0) {
    // Embedding by FK column or constraint name: the base table is meant, not the views built over it.
    const tables = candidates.filter((r) => !r.targetIsView);
    if (tables.length > 0) candidates = tables;
  }
  if (candidates.length === 0) throw relationshipError(source, embed.name, embed.hint);
  if (candidates.length > 1) {
    const details = candidates.map((r) => ({
      cardinality: r.cardinality === 'm2o' ? 'many-to-one' : 'one-to-many',
      embedding: `${r.source} with ${r.target}`,
      relationship: `${r.constraint} using ${r.source}(${r.sourceColumns.join(', ')}) and ${r.target}(${r.targetColumns.join(', ')})`,
    }));
    throw new PostgrestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source}' and '${embed.name}'`,
      JSON.stringify(details),
      `Try changing '${embed.name}' to one of the following: ${candidates.map((r) => `'${r.target}!${r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return candidates[0] as Relationship;
}

function embedRowsError(path: string[]): PostgrestError {
  return new PostgrestError(
    400,
    'PGRST100',
    `"embed ${path.join('.').slice(0, 64)} asks for more than ${CAPS.embedRows} rows"`,
    null,
    `Embedded arrays hold at most ${CAPS.embedRows} rows per parent; page them with ${path.join('.').slice(0, 64)}.limit and .offset.`,
  );
}

function joinCondition(rel: Relationship, outerAlias: string, innerAlias: string): string {
  return rel.sourceColumns
    .map(
      (sc, i) => `${innerAlias}.${quoteIdent(rel.targetColumns[i] ?? '')} = ${outerAlias}.${quoteIdent(sc)}`,
    )
    .join(' AND ');
}

interface Level {
  source: RowSource;
  alias: string;
  path: string[];
}

function scopeOf(query: ParsedQuery, path: string[]): Scope | undefined {
  return query.scopes.get(scopeKey(path));
}

function targetSource(schema: SchemaCache, rel: Relationship): RowSource {
  const target = schema.relations.get(rel.target);
  if (!target) throw new PostgrestError(500, 'PGRST000', 'schema cache out of date');
  return target;
}

/** `rel=is.null` / `rel=not.is.null` on an embed key (not a column) tests whether the embed has a match. */
function embedNullTest(
  level: Level,
  items: SelectItem[],
  node: FilterNode,
): { embed: SelectEmbed; isNull: boolean } | undefined {
  if (node.kind !== 'cond' || node.op !== 'is' || node.value !== 'null' || node.field.json.length > 0)
    return undefined;
  if (level.source.columnMap.has(node.field.column)) return undefined;
  const embed = items.find(
    (i): i is SelectEmbed => i.kind === 'embed' && (i.alias ?? i.name) === node.field.column,
  );
  return embed ? { embed, isNull: !node.negate } : undefined;
}

function whereClauses(ctx: SqlContext, query: ParsedQuery, level: Level, items: SelectItem[]): string[] {
  const scope = scopeOf(query, level.path);
  const clauses: string[] = [];
  const tested = new Set<SelectEmbed>();
  for (const f of scope?.filters ?? []) {
    const test = embedNullTest(level, items, f);
    if (test) {
      tested.add(test.embed);
      const exists = existsClause(ctx, query, level, test.embed);
      clauses.push(test.isNull ? `NOT ${exists}` : exists);
    } else {
      clauses.push(compileFilter(ctx, level.source, level.alias, f));
    }
  }
  // !inner embeds restrict the rows of this level to those with a match.
  for (const item of items) {
    if (item.kind === 'embed' && item.inner && !tested.has(item))
      clauses.push(existsClause(ctx, query, level, item));
  }
  return clauses;
}

/** The level an embed opens below `level`: its relationship, target, a fresh alias and its path (marked visited). */
function enterEmbed(ctx: SqlContext, level: Level, embed: SelectEmbed): { rel: Relationship; inner: Level } {
  const rel = resolveRelationship(ctx.schema, level.source.name, embed);
  const inner: Level = {
    source: targetSource(ctx.schema, rel),
    alias: ctx.alias(),
    path: [...level.path, embed.alias ?? embed.name],
  };
  ctx.visited.add(scopeKey(inner.path));
  return { rel, inner };
}

function existsClause(ctx: SqlContext, query: ParsedQuery, level: Level, embed: SelectEmbed): string {
  const { rel, inner } = enterEmbed(ctx, level, embed);
  const clauses = [
    joinCondition(rel, level.alias, inner.alias),
    ...whereClauses(ctx, query, inner, embed.select),
  ];
  return `EXISTS (SELECT 1 FROM ${qualified(inner.source.name)} AS ${inner.alias} WHERE ${clauses.join(' AND ')})`;
}

function embedExpr(ctx: SqlContext, query: ParsedQuery, level: Level, embed: SelectEmbed): string {
  const { rel, inner } = enterEmbed(ctx, level, embed);
  const object = rowObject(ctx, query, inner, embed.select);
  const clauses = [
    joinCondition(rel, level.alias, inner.alias),
    ...whereClauses(ctx, query, inner, embed.select),
  ];
  const scope = scopeOf(query, inner.path);
  const from = `FROM ${qualified(inner.source.name)} AS ${inner.alias} WHERE ${clauses.join(' AND ')}`;
  if (rel.cardinality === 'm2o') return `(SELECT ${object} ${from} LIMIT 1)`;
  const order = compileOrder(ctx, inner.source, inner.alias, scope?.order);
  if (scope?.limit !== undefined && scope.limit > CAPS.embedRows) throw embedRowsError(inner.path);
  // One row past the cap is read so that an embed larger than the cap fails instead of coming back cut short.
  const limit = ` LIMIT ${ctx.param(scope?.limit ?? CAPS.embedRows + 1)}`;
  const offset = scope?.offset !== undefined ? ` OFFSET ${ctx.param(scope.offset)}` : '';
  const sub = ctx.alias('s');
  const agg = `coalesce(json_agg(${sub}._j), '[]'::json)`;
  const capped = `CASE WHEN count(*) > ${CAPS.embedRows} THEN ${capGuard(CAP_MARKERS.embedRows)}::json ELSE ${agg} END`;
  return `(SELECT ${capped} FROM (SELECT ${object} AS _j ${from}${order}${limit}${offset}) AS ${sub})`;
}

/** One relation a request embeds, with the select path that reaches it (alias names). */
export interface EmbeddedRelation {
  relation: string;
  path: string[];
}

/**
 * Every relation the select embeds, at any depth, resolved as the compiler will resolve it. `!inner` joins, embed
 * filters and embed orders only ever refer to selected embeds (anything else is PGRST108), so this is all of them.
 */
export function embeddedRelations(
  schema: SchemaCache,
  source: string,
  items: readonly SelectItem[],
  path: string[] = [],
): EmbeddedRelation[] {
  const out: EmbeddedRelation[] = [];
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const rel = resolveRelationship(schema, source, item);
    const next = [...path, item.alias ?? item.name];
    out.push(
      { relation: rel.target, path: next },
      ...embeddedRelations(schema, rel.target, item.select, next),
    );
  }
  return out;
}

/** A json object expression for one row of `level` with the selected items (JSON keys are catalog names or params). */
export function rowObject(ctx: SqlContext, query: ParsedQuery, level: Level, items: SelectItem[]): string {
  const anyMasked = level.source.columns.some((c) => ctx.masked(c));
  if (items.length === 1 && items[0]?.kind === 'star' && !anyMasked) return `to_json(${level.alias}.*)`;
  const pairs: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      for (const col of level.source.columns) {
        pairs.push(
          `${quoteLiteral(col.name)}, ${ctx.masked(col) ? maskedExpr(level.alias, col) : `${level.alias}.${quoteIdent(col.name)}`}`,
        );
      }
    } else if (item.kind === 'column') {
      const col = columnOf(level.source, item.field.column);
      // Secret keys and addresses are masked before a JSON path is followed into the value; other masks replace it whole.
      const keyMasked = ctx.masked(col) && partlyMasked(col);
      let sql = fieldExpr(
        ctx,
        level.source,
        level.alias,
        item.field,
        keyMasked ? `(${maskedExpr(level.alias, col)})` : undefined,
      ).sql;
      if (item.cast) sql = `CAST(${sql} AS ${CAST_SQL[item.cast] ?? 'text'})`;
      if (ctx.masked(col) && !keyMasked) sql = maskedExpr(level.alias, col);
      const key = item.alias ?? fieldOutputName(item.field);
      const keySql =
        !item.alias && item.field.json.length === 0
          ? quoteLiteral(columnOf(level.source, key).name)
          : `${ctx.param(key)}::text`;
      pairs.push(`${keySql}, ${sql}`);
    } else {
      pairs.push(`${ctx.param(item.alias ?? item.name)}::text, ${embedExpr(ctx, query, level, item)}`);
    }
  }
  if (pairs.length === 0) return `'{}'::json`;
  // json_build_object takes at most 100 arguments; wider rows are merged as jsonb chunks.
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    chunks.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return chunks.length === 1
    ? (chunks[0] as string)
    : `(${chunks.map((c) => `${c}::jsonb`).join(' || ')})::json`;
}

// ---------------------------------------------------------------------------------------------- statements

export interface ReadOptions {
  /** SQL of the FROM item (a qualified relation, a function call or a CTE name) — built from catalog names only. */
  fromSql: string;
  source: RowSource;
  limit?: number;
  offset?: number;
  count: boolean;
  /** Apply root filters/order/limits (false for the RETURNING view of a mutation). */
  applyRoot: boolean;
  /** Whether to cap at MAX_ROWS. */
  cap: boolean;
}

/**
 * One statement returning `body` (a JSON array as text), `n` (rows in the page) and optionally `total` (the exact
 * count of matching rows, ignoring limit/offset).
 */
export function compileRead(ctx: SqlContext, query: ParsedQuery, opts: ReadOptions, prefix = ''): string {
  const level: Level = { source: opts.source, alias: ctx.alias(), path: [] };
  const object = rowObject(ctx, query, level, query.select);
  const where = opts.applyRoot ? whereClauses(ctx, query, level, query.select) : [];
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : '';
  const scope = scopeOf(query, []);
  const order = opts.applyRoot ? compileOrder(ctx, opts.source, level.alias, scope?.order) : '';
  let limitSql = '';
  if (opts.applyRoot) {
    const limit = opts.cap ? Math.min(opts.limit ?? MAX_ROWS, MAX_ROWS) : opts.limit;
    if (limit !== undefined) limitSql += ` LIMIT ${ctx.param(limit)}`;
    if (opts.offset) limitSql += ` OFFSET ${ctx.param(opts.offset)}`;
  }
  if (opts.applyRoot) assertScopesUsed(ctx, query);
  const key = opts.source.rowKey ?? [];
  let page: string;
  if (opts.applyRoot && (opts.offset ?? 0) > 0 && key.length > 0) {
    // Skipped rows would otherwise build their JSON (embeds, computed view columns) only to be thrown away: pick the
    // page's keys first, then build the objects of those rows alone, in the picked order, from the same snapshot.
    const keys = key.map((c, i) => `${level.alias}.${quoteIdent(c)} AS _k${i}`).join(', ');
    const match = key.map((c, i) => `${level.alias}.${quoteIdent(c)} = _k._k${i}`).join(' AND ');
    const picked = `SELECT ${keys} FROM ${opts.fromSql} AS ${level.alias}${whereSql}${order}${limitSql}`;
    // OFFSET 0 keeps this level a subquery, so json_agg and count share one evaluation of the object per row.
    page = `SELECT (SELECT ${object} FROM ${opts.fromSql} AS ${level.alias} WHERE ${match}) AS _j FROM (${picked}) AS _k OFFSET 0`;
  } else {
    page = `SELECT ${object} AS _j FROM ${opts.fromSql} AS ${level.alias}${whereSql}${order}${limitSql}`;
  }
  const total = opts.count
    ? `, (SELECT count(*) FROM ${opts.fromSql} AS ${level.alias}${whereSql})::int8 AS total`
    : '';
  // A running byte count over the rows as they stream out of the page: the statement stops at the first row past the
  // cap (a frame that ends at the current row lets the window emit each row without reading ahead).
  const bytes = `sum(octet_length(_q._j::text)) OVER (ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)`;
  const guarded =
    `SELECT _g._j FROM (SELECT _q._j, ${bytes} AS _b FROM (${page}) AS _q) AS _g ` +
    `WHERE CASE WHEN _g._b > ${CAPS.responseBytes} THEN ${capGuard(CAP_MARKERS.responseBytes)} IS NULL ELSE true END`;
  return `${prefix}SELECT coalesce(json_agg(_p._j), '[]'::json)::text AS body, count(_p._j)::int AS n${total} FROM (${guarded}) AS _p`;
}

/**
 * The count=exact statement of a read on its own (the same FROM and WHERE as compileRead's total), used as the key
 * under which a count computed at one snapshot is reused by the other pages of the same filter.
 */
export function compileCount(
  ctx: SqlContext,
  query: ParsedQuery,
  opts: Pick<ReadOptions, 'fromSql' | 'source'>,
): string {
  const level: Level = { source: opts.source, alias: ctx.alias(), path: [] };
  const where = whereClauses(ctx, query, level, query.select);
  return `SELECT count(*) FROM ${opts.fromSql} AS ${level.alias}${where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''}`;
}

/** Filters, order or limits on an embed path the select does not contain are an error (PostgREST PGRST108). */
function assertScopesUsed(ctx: SqlContext, query: ParsedQuery): void {
  for (const [key, scope] of query.scopes) {
    if (ctx.visited.has(key)) continue;
    const used =
      scope.filters.length > 0 ||
      scope.order !== undefined ||
      scope.limit !== undefined ||
      scope.offset !== undefined;
    if (!used) continue;
    const name = key.split('\u0000').join('.');
    throw new PostgrestError(
      400,
      'PGRST108',
      `'${name.slice(0, 64)}' is not an embedded resource in this request`,
      null,
      `Verify that '${name.slice(0, 64)}' is included in the 'select' query parameter.`,
    );
  }
}

/** WHERE clause for PATCH/DELETE: root filters only (embedded filters do not apply to mutations). */
export function compileMutationWhere(
  ctx: SqlContext,
  query: ParsedQuery,
  source: RowSource,
  alias: string,
): string {
  const scope = scopeOf(query, []);
  const clauses = (scope?.filters ?? []).map((f) => compileFilter(ctx, source, alias, f));
  return clauses.length > 0 ? ` WHERE ${clauses.join(' AND ')}` : '';
}

export function assertColumns(source: RowSource, names: Iterable<string>): ColumnInfo[] {
  const out: ColumnInfo[] = [];
  for (const name of names) {
    const col = source.columnMap.get(name);
    if (!col) {
      throw new PostgrestError(
        400,
        'PGRST204',
        `Could not find the '${name.slice(0, 64)}' column of '${source.name}' in the schema cache`,
      );
    }
    out.push(col);
  }
  return out;
}
