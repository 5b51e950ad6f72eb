import { CAPS } from './caps';
import { PostgrestError, parseError } from './errors';

/**
 * The PostgREST query-string grammar (select, filters, logic trees, order, limits) parsed into a plain AST.
 * Nothing here knows the schema: names stay strings until the compiler checks them against the catalog.
 */

export const LIMITS = {
  /** Longest accepted raw query string, in characters (node:http itself refuses request heads over 16 KiB). */
  queryLength: 15_000,
  /** Most query parameters accepted in one request. */
  params: 200,
  /** Deepest nesting of embeds in `select` and of `and`/`or` trees. */
  depth: 8,
  /** Most items in one `select` level, one logic tree or one `in` list. */
  items: 1000,
} as const;

export interface JsonStep {
  op: '->' | '->>';
  key: string;
}

export interface FieldPath {
  column: string;
  json: JsonStep[];
}

export interface SelectColumn {
  kind: 'column';
  field: FieldPath;
  alias?: string;
  cast?: string;
}

export interface SelectStar {
  kind: 'star';
}

export interface SelectEmbed {
  kind: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  inner: boolean;
  select: SelectItem[];
}

export type SelectItem = SelectColumn | SelectStar | SelectEmbed;

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'cs',
  'cd',
  'ov',
] as const;
export type Operator = (typeof OPERATORS)[number];
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

export interface Condition {
  kind: 'cond';
  field: FieldPath;
  negate: boolean;
  op: Operator;
  /** A single literal, or the items of an `in` list. */
  value: string | string[];
}

export interface LogicTree {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: FilterNode[];
}

export type FilterNode = Condition | LogicTree;

export interface OrderTerm {
  field: FieldPath;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Filters/order/limits attached to one embed path (`[]` is the root, `['hypotheses','evidences']` a nested embed). */
export interface Scope {
  filters: FilterNode[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  scopes: Map<string, Scope>;
  onConflict?: string[];
  columns?: string[];
}

export function scopeKey(path: readonly string[]): string {
  return path.join('\u0000');
}

function assertNoNul(text: string): void {
  if (text.includes('\u0000')) throw parseError('"failed to parse" (NUL character in the request)');
}

// ---------------------------------------------------------------------------------------------- fields

const NAME = /^[^\s.,:()!"'-][^.,:()!>]*$/;

function checkName(name: string, what: string): string {
  let trimmed = name.trim();
  // postgrest-js quotes names in `columns=` ("name","icon"); quoted names are still checked against the catalog.
  if (trimmed.length > 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    trimmed = trimmed.slice(1, -1);
    if (trimmed.length > 63 || trimmed.includes('"') || trimmed.includes('\u0000'))
      throw parseError(`"failed to parse ${what}"`);
    return trimmed;
  }
  if (trimmed === '' || !NAME.test(trimmed) || trimmed.length > 63) {
    throw parseError(`"failed to parse ${what}"`, `unexpected "${trimmed.slice(0, 64)}"`);
  }
  return trimmed;
}

/** `labels->>key`, `config->a->>b`, `items->0`: a column followed by JSON steps. */
export function parseField(text: string): FieldPath {
  const parts = text.split(/(->>|->)/);
  const column = checkName(parts[0] ?? '', 'field');
  const json: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const op = parts[i] as '->' | '->>';
    let key = (parts[i + 1] ?? '').trim();
    if (key.length >= 2 && key.startsWith("'") && key.endsWith("'")) key = key.slice(1, -1);
    if (key === '' || key.length > 256)
      throw parseError('"failed to parse json path"', `in "${text.slice(0, 64)}"`);
    json.push({ op, key });
  }
  if (json.length > LIMITS.depth) throw parseError('"json path too deep"');
  return { column, json };
}

/** The output name PostgREST gives a JSON-path column: the last key. */
export function fieldOutputName(field: FieldPath): string {
  const last = field.json[field.json.length - 1];
  return last ? last.key : field.column;
}

// ---------------------------------------------------------------------------------------------- select

/** Splits on top-level commas, honouring parentheses and double quotes. */
function splitTopLevel(text: string, what: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(') {
      depth++;
      if (depth > LIMITS.depth + 1) throw parseError(`"${what} nested too deeply"`);
    } else if (ch === ')') {
      depth--;
      if (depth < 0) throw parseError(`"failed to parse ${what}"`, 'unbalanced parentheses');
    } else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (depth !== 0 || quoted)
    throw parseError(`"failed to parse ${what}"`, 'unbalanced parentheses or quotes');
  out.push(text.slice(start));
  if (out.length > LIMITS.items) throw parseError(`"too many items in ${what}"`);
  return out;
}

const CAST_TYPES: ReadonlySet<string> = new Set([
  'text',
  'varchar',
  'int',
  'int4',
  'integer',
  'int8',
  'bigint',
  'smallint',
  'numeric',
  'float',
  'float8',
  'real',
  'double precision',
  'bool',
  'boolean',
  'json',
  'jsonb',
  'date',
  'timestamp',
  'timestamptz',
  'uuid',
]);

function parseCast(text: string): { body: string; cast?: string } {
  const idx = text.lastIndexOf('::');
  if (idx < 0) return { body: text };
  const cast = text
    .slice(idx + 2)
    .trim()
    .toLowerCase();
  if (!CAST_TYPES.has(cast))
    throw parseError('"failed to parse select parameter"', `unknown cast "${cast.slice(0, 32)}"`);
  return { body: text.slice(0, idx), cast };
}

function parseSelectItem(raw: string, depth: number): SelectItem {
  const text = raw.trim();
  if (text === '*') return { kind: 'star' };
  if (text === '') throw parseError('"failed to parse select parameter"', 'empty item');
  const open = text.indexOf('(');
  if (open >= 0) {
    if (depth >= LIMITS.depth) throw parseError('"select nested too deeply"');
    // Embed: [alias:]name[!hint][!inner|!left](items)[::cast] — the trailing cast is accepted and ignored.
    const close = text.lastIndexOf(')');
    if (close < open) throw parseError('"failed to parse select parameter"', 'unbalanced parentheses');
    const tail = text.slice(close + 1).trim();
    if (tail !== '' && !/^::[a-z]+$/i.test(tail))
      throw parseError('"failed to parse select parameter"', `unexpected "${tail.slice(0, 32)}"`);
    const head = text.slice(0, open).trim();
    const inside = text.slice(open + 1, close);
    const colon = head.indexOf(':');
    const alias = colon >= 0 ? checkName(head.slice(0, colon), 'select alias') : undefined;
    const rest = colon >= 0 ? head.slice(colon + 1) : head;
    const bangs = rest.split('!');
    const name = checkName(bangs[0] ?? '', 'embed name');
    let hint: string | undefined;
    let inner = false;
    for (const b of bangs.slice(1)) {
      const word = checkName(b, 'embed hint');
      if (word === 'inner') inner = true;
      else if (word === 'left') inner = false;
      else if (hint === undefined) hint = word;
      else throw parseError('"failed to parse select parameter"', 'more than one hint');
    }
    return { kind: 'embed', name, alias, hint, inner, select: parseSelectList(inside, depth + 1) };
  }
  const { body, cast } = parseCast(text);
  // `alias:col` — a colon that is not part of `::` (casts were already removed).
  const colon = body.indexOf(':');
  const alias = colon >= 0 ? checkName(body.slice(0, colon), 'select alias') : undefined;
  const field = parseField(colon >= 0 ? body.slice(colon + 1) : body);
  return { kind: 'column', field, alias, cast };
}

export function parseSelectList(text: string, depth = 0): SelectItem[] {
  if (text.trim() === '') return [{ kind: 'star' }];
  return splitTopLevel(text, 'select parameter').map((item) => parseSelectItem(item, depth));
}

// ---------------------------------------------------------------------------------------------- filters

function unquote(item: string): string {
  const t = item.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return t;
}

function parseInList(text: string): string[] {
  const t = text.trim();
  if (!t.startsWith('(') || !t.endsWith(')'))
    throw parseError('"failed to parse filter (in)"', `expected a list like (a,b), got "${t.slice(0, 64)}"`);
  const inner = t.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner, 'in list').map(unquote);
}

/** Parses `[not.]op.value` (the right-hand side of a filter). */
export function parseOperation(field: FieldPath, text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opText = dot >= 0 ? rest.slice(0, dot) : rest;
  if (!OPERATOR_SET.has(opText)) {
    throw parseError('"failed to parse filter"', `unknown operator "${opText.slice(0, 32)}"`);
  }
  if (dot < 0) throw parseError('"failed to parse filter"', `missing value after "${opText}"`);
  const op = opText as Operator;
  const raw = rest.slice(dot + 1);
  if (op === 'in') return { kind: 'cond', field, negate, op, value: parseInList(raw) };
  if (op === 'is') {
    const v = raw.trim().toLowerCase();
    if (!['null', 'true', 'false', 'unknown', 'not_null'].includes(v)) {
      throw parseError(
        '"failed to parse filter (is)"',
        `expected null, true, false or unknown, got "${raw.slice(0, 32)}"`,
      );
    }
    return { kind: 'cond', field, negate, op, value: v };
  }
  return { kind: 'cond', field, negate, op, value: raw };
}

/** Parses the body of a logic tree: `(a.eq.1,and(b.gt.2,c.lt.3))`. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string, depth = 0): LogicTree {
  if (depth >= LIMITS.depth) throw parseError('"logic tree nested too deeply"');
  const t = text.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) {
    throw parseError('"failed to parse logic tree"', `expected "(…)", got "${t.slice(0, 64)}"`);
  }
  const children: FilterNode[] = splitTopLevel(t.slice(1, -1), 'logic tree').map((item) => {
    const s = item.trim();
    const m = /^(not\.)?(and|or)\(/.exec(s);
    if (m) {
      return parseLogicTree(m[2] as 'and' | 'or', m[1] !== undefined, s.slice(m[0].length - 1), depth + 1);
    }
    const dot = s.indexOf('.');
    if (dot <= 0) throw parseError('"failed to parse logic tree"', `unexpected "${s.slice(0, 64)}"`);
    const cond = parseOperation(parseField(s.slice(0, dot)), s.slice(dot + 1));
    // Inside a tree a quoted scalar is allowed: name.eq."a,b".
    if (typeof cond.value === 'string' && cond.op !== 'is') cond.value = unquote(cond.value);
    return cond;
  });
  if (children.length === 0 || (children.length === 1 && t === '()')) {
    throw parseError('"failed to parse logic tree"', 'empty');
  }
  return { kind: 'logic', op, negate, children };
}

// ---------------------------------------------------------------------------------------------- order

export function parseOrder(text: string): OrderTerm[] {
  return splitTopLevel(text, 'order').map((raw) => {
    const parts = raw.trim().split('.');
    const field = parseField(parts[0] ?? '');
    const term: OrderTerm = { field };
    for (const p of parts.slice(1)) {
      if (p === 'asc' || p === 'desc') term.dir = p;
      else if (p === 'nullsfirst') term.nulls = 'first';
      else if (p === 'nullslast') term.nulls = 'last';
      else throw parseError('"failed to parse order"', `unexpected "${p.slice(0, 32)}"`);
    }
    return term;
  });
}

function parseNonNegative(text: string, what: string): number {
  if (!/^\d{1,9}$/.test(text.trim()))
    throw parseError(`"failed to parse ${what}"`, `"${text.slice(0, 32)}" is not a non-negative integer`);
  return Number(text.trim());
}

// ---------------------------------------------------------------------------------------------- whole query

const RESERVED_ROOT = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns']);

function scopeFor(scopes: Map<string, Scope>, path: string[]): Scope {
  const key = scopeKey(path);
  let scope = scopes.get(key);
  if (!scope) {
    scope = { filters: [] };
    scopes.set(key, scope);
  }
  return scope;
}

/**
 * Parses query parameters (already `.filter`-rewritten, RPC arguments removed) into a ParsedQuery.
 * Only the first `select` is honoured (as PostgREST does); of several root `order`s the last wins (the UI appends
 * the user's choice after its default).
 */
export function parseQuery(params: readonly [string, string][]): ParsedQuery {
  if (params.length > LIMITS.params) throw parseError('"too many query parameters"');
  const scopes = new Map<string, Scope>();
  scopes.set(scopeKey([]), { filters: [] });
  let select: SelectItem[] | undefined;
  let onConflict: string[] | undefined;
  let columns: string[] | undefined;
  for (const [rawKey, value] of params) {
    assertNoNul(rawKey);
    assertNoNul(value);
    const key = rawKey.trim();
    if (key === '') continue;
    if (RESERVED_ROOT.has(key)) {
      if (key === 'select') {
        if (select === undefined) select = parseSelectList(value);
      } else if (key === 'order') {
        if (value.trim() !== '') scopeFor(scopes, []).order = parseOrder(value);
      } else if (key === 'limit') {
        scopeFor(scopes, []).limit = parseNonNegative(value, 'limit');
      } else if (key === 'offset') {
        scopeFor(scopes, []).offset = parseNonNegative(value, 'offset');
      } else if (key === 'on_conflict') {
        onConflict = value.split(',').map((c) => checkName(c, 'on_conflict'));
      } else {
        columns = value.split(',').map((c) => checkName(c, 'columns'));
      }
      continue;
    }
    // Embedded scope keys look like `rel.sub.col`, `rel.order`, `rel.limit`, `rel.or`, `not.or`, `rel.not.and`.
    // A JSON path (`labels->>a.b`) may itself contain dots, so only split before the first arrow.
    const arrow = key.indexOf('->');
    const head = arrow >= 0 ? key.slice(0, arrow) : key;
    const tail = arrow >= 0 ? key.slice(arrow) : '';
    const segments = head.split('.');
    let last = (segments.pop() ?? '') + tail;
    let negateTree = false;
    if ((last === 'or' || last === 'and') && segments[segments.length - 1] === 'not') {
      segments.pop();
      negateTree = true;
    }
    if (segments.length > LIMITS.depth) throw parseError('"filter path nested too deeply"');
    const path = segments.map((s) => checkName(s, 'embed path'));
    const scope = scopeFor(scopes, path);
    if (last === 'or' || last === 'and') {
      scope.filters.push(parseLogicTree(last, negateTree, value));
    } else if (path.length > 0 && last === 'order') {
      scope.order = parseOrder(value);
    } else if (path.length > 0 && last === 'limit') {
      scope.limit = parseNonNegative(value, 'limit');
    } else if (path.length > 0 && last === 'offset') {
      scope.offset = parseNonNegative(value, 'offset');
    } else {
      last = last.trim();
      scope.filters.push(parseOperation(parseField(last), value));
    }
  }
  const parsedSelect = select ?? [{ kind: 'star' }];
  const embeds = countEmbeds(parsedSelect);
  if (embeds > CAPS.embeds) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `"too many embedded resources" (${embeds}, at most ${CAPS.embeds} per request)`,
      null,
      'Split the request, or embed fewer relations.',
    );
  }
  assertRegexBounds(scopes);
  return { select: parsedSelect, scopes, onConflict, columns };
}

/** Every `match`/`imatch` condition of the request, in every scope and logic tree. */
function regexConditions(nodes: readonly FilterNode[], out: Condition[] = []): Condition[] {
  for (const node of nodes) {
    if (node.kind === 'logic') regexConditions(node.children, out);
    else if (node.op === 'match' || node.op === 'imatch') out.push(node);
  }
  return out;
}

/** Refuses more regular expressions per request than CAPS.regexTerms, or a longer one than CAPS.regexLength (400). */
function assertRegexBounds(scopes: ReadonlyMap<string, Scope>): void {
  const regexes = [...scopes.values()].flatMap((scope) => regexConditions(scope.filters));
  if (regexes.length > CAPS.regexTerms) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `"too many regular expressions" (${regexes.length}, at most ${CAPS.regexTerms} match or imatch filters per request)`,
      null,
      'Use fewer match/imatch filters, or like/ilike, which cost less.',
    );
  }
  if (regexes.some((c) => typeof c.value === 'string' && c.value.length > CAPS.regexLength)) {
    throw new PostgrestError(
      400,
      'PGRST100',
      `"regular expression too long" (at most ${CAPS.regexLength} characters)`,
    );
  }
}

function countEmbeds(items: readonly SelectItem[]): number {
  return items.reduce((n, item) => (item.kind === 'embed' ? n + 1 + countEmbeds(item.select) : n), 0);
}

/** Range header `0-49` (items) → offset/limit. */
export function parseRangeHeader(header: string | null): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const m = /^\s*(?:items=)?(\d{1,9})-(\d{0,9})\s*$/.exec(header);
  if (!m) return undefined;
  const from = Number(m[1]);
  if (!m[2]) return { offset: from };
  const to = Number(m[2]);
  if (to < from) throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable');
  return { offset: from, limit: to - from + 1 };
}

export interface Preferences {
  return: 'representation' | 'minimal' | 'headers-only' | undefined;
  count: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missingDefault: boolean;
}

export function parsePrefer(header: string | null): Preferences {
  const prefs: Preferences = { return: undefined, count: false, missingDefault: false };
  if (!header) return prefs;
  for (const part of header.split(/[,;]/)) {
    const [k, v] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only'))
      prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      prefs.resolution = v;
    else if (k === 'missing' && v === 'default') prefs.missingDefault = true;
  }
  return prefs;
}
