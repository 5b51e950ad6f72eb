/**
 * The subset of CEL that notification and silence filters use (`check.labels.env == 'staging'`,
 * `config.type.startsWith('Kubernetes::') && config.tags.namespace in ['payments', 'platform']`): literals,
 * field access (`a.b`, `a['b']`), `== != < <= > >=`, `in`, `! && ||`, parentheses, lists, the methods
 * `startsWith endsWith contains matches` and the functions `size` and `has`. Parsed once into a tree and evaluated
 * against plain objects; a missing field reads as null (so a filter about checks never matches a config) instead of
 * CEL's runtime error. Anything outside the subset is a parse error naming its position.
 */

import { RegexRefused, regexProblem, regexTest } from './linear-regex';

export class CelError extends Error {}

type Node =
  | { t: 'lit'; v: unknown }
  | { t: 'id'; name: string }
  | { t: 'field'; of: Node; name: string }
  | { t: 'index'; of: Node; key: Node }
  | { t: 'list'; items: Node[] }
  | { t: 'not'; e: Node }
  | { t: 'and' | 'or'; l: Node; r: Node }
  | { t: 'cmp'; op: string; l: Node; r: Node }
  | { t: 'call'; name: string; target?: Node; args: Node[] };

interface Token {
  k: 'num' | 'str' | 'id' | 'op' | 'end';
  v: string;
  at: number;
}

const MAX_LENGTH = 2000;
const MAX_DEPTH = 32;

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] ?? '';
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c)) {
      const m = /^\d+(\.\d+)?/.exec(src.slice(i));
      out.push({ k: 'num', v: m?.[0] ?? c, at: i });
      i += m?.[0].length ?? 1;
      continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i));
      out.push({ k: 'id', v: m?.[0] ?? c, at: i });
      i += m?.[0].length ?? 1;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) {
          const next = src[j + 1] ?? '';
          text += next === 'n' ? '\n' : next === 't' ? '\t' : next;
          j += 2;
        } else {
          text += src[j];
          j++;
        }
      }
      if (j >= src.length) throw new CelError(`unterminated string at ${i + 1}`);
      out.push({ k: 'str', v: text, at: i });
      i = j + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['==', '!=', '<=', '>=', '&&', '||'].includes(two)) {
      out.push({ k: 'op', v: two, at: i });
      i += 2;
      continue;
    }
    if ('<>!().[],'.includes(c)) {
      out.push({ k: 'op', v: c, at: i });
      i++;
      continue;
    }
    throw new CelError(`unexpected character '${c}' at ${i + 1}`);
  }
  out.push({ k: 'end', v: '', at: src.length });
  return out;
}

const METHODS = new Set(['startsWith', 'endsWith', 'contains', 'matches']);
const FUNCTIONS = new Set(['size', 'has']);

/** Parses an expression; throws CelError with a position for anything outside the subset. */
export function parseCel(source: string): Node {
  if (source.length > MAX_LENGTH) throw new CelError(`expression longer than ${MAX_LENGTH} characters`);
  const tokens = tokenize(source);
  let p = 0;
  let depth = 0;
  const peek = () => tokens[p] as Token;
  const next = () => tokens[p++] as Token;
  const expect = (v: string) => {
    const t = next();
    if (t.v !== v || t.k === 'str') throw new CelError(`expected '${v}' at ${t.at + 1}`);
  };
  const nested = <T>(f: () => T): T => {
    if (++depth > MAX_DEPTH) throw new CelError('expression nested too deeply');
    try {
      return f();
    } finally {
      depth--;
    }
  };

  const primary = (): Node =>
    nested(() => {
      const t = next();
      if (t.k === 'num') return { t: 'lit', v: Number(t.v) };
      if (t.k === 'str') return { t: 'lit', v: t.v };
      if (t.k === 'id') {
        if (t.v === 'true' || t.v === 'false') return { t: 'lit', v: t.v === 'true' };
        if (t.v === 'null') return { t: 'lit', v: null };
        if (FUNCTIONS.has(t.v) && peek().v === '(') {
          next();
          const arg = or();
          expect(')');
          return { t: 'call', name: t.v, args: [arg] };
        }
        return { t: 'id', name: t.v };
      }
      if (t.k === 'op' && t.v === '(') {
        const e = or();
        expect(')');
        return e;
      }
      if (t.k === 'op' && t.v === '[') {
        const items: Node[] = [];
        if (peek().v !== ']') {
          items.push(or());
          while (peek().v === ',') {
            next();
            items.push(or());
          }
        }
        expect(']');
        return { t: 'list', items };
      }
      throw new CelError(
        t.k === 'end' ? 'unexpected end of expression' : `unexpected '${t.v}' at ${t.at + 1}`,
      );
    });

  const postfix = (): Node => {
    let node = primary();
    for (;;) {
      const t = peek();
      if (t.k === 'op' && t.v === '.') {
        next();
        const name = next();
        if (name.k !== 'id') throw new CelError(`expected a field name at ${name.at + 1}`);
        if (peek().v === '(') {
          if (!METHODS.has(name.v)) throw new CelError(`unknown function '${name.v}' at ${name.at + 1}`);
          next();
          const arg = or();
          expect(')');
          // A literal pattern is checked now, so a silence is refused on write (400) rather than never matching.
          if (name.v === 'matches' && arg.t === 'lit' && typeof arg.v === 'string') {
            const problem = regexProblem(arg.v);
            if (problem) throw new CelError(`matches() at ${name.at + 1}: ${problem}`);
          }
          node = { t: 'call', name: name.v, target: node, args: [arg] };
        } else node = { t: 'field', of: node, name: name.v };
      } else if (t.k === 'op' && t.v === '[') {
        next();
        const key = or();
        expect(']');
        node = { t: 'index', of: node, key };
      } else return node;
    }
  };

  const unary = (): Node =>
    peek().k === 'op' && peek().v === '!' ? (next(), { t: 'not', e: nested(unary) }) : postfix();

  const comparison = (): Node => {
    const l = unary();
    const t = peek();
    if (
      (t.k === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(t.v)) ||
      (t.k === 'id' && t.v === 'in')
    ) {
      next();
      return { t: 'cmp', op: t.v, l, r: unary() };
    }
    return l;
  };

  const and = (): Node => {
    let l = comparison();
    while (peek().v === '&&') {
      next();
      l = { t: 'and', l, r: comparison() };
    }
    return l;
  };

  function or(): Node {
    return nested(() => {
      let l = and();
      while (peek().v === '||') {
        next();
        l = { t: 'or', l, r: and() };
      }
      return l;
    });
  }

  const root = or();
  const rest = peek();
  if (rest.k !== 'end') throw new CelError(`unexpected '${rest.v}' at ${rest.at + 1}`);
  return root;
}

function get(of: unknown, key: unknown): unknown {
  if (of === null || of === undefined) return null;
  if (Array.isArray(of) && typeof key === 'number') return of[key] ?? null;
  if (typeof of === 'object' && typeof key === 'string' && Object.hasOwn(of, key))
    return (of as Record<string, unknown>)[key] ?? null;
  return null;
}

function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'number' || typeof b === 'number')
    return Number(a) === Number(b) && a !== null && b !== null && a !== '' && b !== '';
  return false;
}

function evaluate(node: Node, env: Record<string, unknown>): unknown {
  switch (node.t) {
    case 'lit':
      return node.v;
    case 'id':
      return Object.hasOwn(env, node.name) ? env[node.name] : null;
    case 'field':
      return get(evaluate(node.of, env), node.name);
    case 'index':
      return get(evaluate(node.of, env), evaluate(node.key, env));
    case 'list':
      return node.items.map((i) => evaluate(i, env));
    case 'not':
      return !truthy(evaluate(node.e, env));
    case 'and':
      return truthy(evaluate(node.l, env)) && truthy(evaluate(node.r, env));
    case 'or':
      return truthy(evaluate(node.l, env)) || truthy(evaluate(node.r, env));
    case 'cmp': {
      const l = evaluate(node.l, env);
      const r = evaluate(node.r, env);
      switch (node.op) {
        case '==':
          return equal(l, r);
        case '!=':
          return !equal(l, r);
        case 'in':
          if (Array.isArray(r)) return r.some((x) => equal(l, x));
          if (r && typeof r === 'object') return typeof l === 'string' && Object.hasOwn(r, l);
          return false;
        default: {
          if (l === null || r === null) return false;
          const a = typeof l === 'number' || typeof r === 'number' ? Number(l) : String(l);
          const b = typeof l === 'number' || typeof r === 'number' ? Number(r) : String(r);
          return node.op === '<' ? a < b : node.op === '<=' ? a <= b : node.op === '>' ? a > b : a >= b;
        }
      }
    }
    case 'call': {
      const arg = evaluate(node.args[0] as Node, env);
      if (node.name === 'size')
        return Array.isArray(arg) || typeof arg === 'string'
          ? arg.length
          : arg && typeof arg === 'object'
            ? Object.keys(arg).length
            : 0;
      if (node.name === 'has') return arg !== null && arg !== undefined;
      const target = node.target ? evaluate(node.target, env) : null;
      if (typeof target !== 'string' || typeof arg !== 'string') return false;
      if (node.name === 'startsWith') return target.startsWith(arg);
      if (node.name === 'endsWith') return target.endsWith(arg);
      if (node.name === 'contains') return target.includes(arg);
      // RE2 (linear time): a caller's pattern cannot make one evaluation backtrack for seconds.
      try {
        return regexTest(arg, target);
      } catch (error) {
        if (error instanceof RegexRefused) return false;
        throw error;
      }
    }
  }
}

function truthy(v: unknown): boolean {
  return v === true;
}

/** Evaluates a parsed expression to a boolean (anything but `true` is false). */
export function celMatches(node: Node, env: Record<string, unknown>): boolean {
  return truthy(evaluate(node, env));
}

export type CelProgram = Node;
