import { Validator, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import type { CodeLanguage } from '@/lib/forms/code-value';

/**
 * JSON-schema help for the code editor, as plain functions over text so they are tested without an editor:
 * where the cursor is (the path of keys above it), what the schema offers there (property names, enum values), and
 * the schema's complaints about the document located on its text. Validation is @cfworker/json-schema (drafts 4 to
 * 2020-12, ~9 kB gzipped); the path finding and suggestions are ours.
 */

export type JsonSchema = Schema;
export type PathSegment = string | number;

// ---- navigating a schema -------------------------------------------------------------------------------------

function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node && typeof node === 'object' ? (node as JsonSchema) : undefined;
}

/** The schema and its alternatives (allOf merged by listing, anyOf/oneOf as choices), with local $refs followed. */
function expand(root: JsonSchema, schema: JsonSchema | boolean | undefined, depth = 0): JsonSchema[] {
  if (!schema || typeof schema !== 'object' || depth > 16) return [];
  const out: JsonSchema[] = [];
  const target = schema.$ref ? resolveRef(root, schema.$ref) : undefined;
  if (target) out.push(...expand(root, target, depth + 1));
  out.push(schema);
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    for (const sub of schema[key] ?? []) out.push(...expand(root, sub, depth + 1));
  }
  return out;
}

function childSchemas(root: JsonSchema, schemas: JsonSchema[], segment: PathSegment): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const schema of schemas) {
    if (typeof segment === 'number') {
      const items = Array.isArray(schema.prefixItems)
        ? (schema.prefixItems[segment] ?? schema.items)
        : Array.isArray(schema.items)
          ? schema.items[segment]
          : schema.items;
      out.push(...expand(root, items as JsonSchema | boolean | undefined));
      continue;
    }
    const own = schema.properties?.[segment];
    if (own !== undefined) {
      out.push(...expand(root, own));
      continue;
    }
    for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {})) {
      try {
        if (new RegExp(pattern).test(segment)) out.push(...expand(root, sub));
      } catch {
        // a pattern JavaScript cannot compile offers nothing
      }
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      out.push(...expand(root, schema.additionalProperties));
  }
  return out;
}

/** The schemas that apply at `path` (empty when the schema says nothing there). */
export function schemasAt(root: JsonSchema, path: readonly PathSegment[]): JsonSchema[] {
  let current = expand(root, root);
  for (const segment of path) {
    current = childSchemas(root, current, segment);
    if (current.length === 0) break;
  }
  return current;
}

export interface SchemaSuggestion {
  label: string;
  /** 'property' for a key, 'value' for an enum/const/boolean value. */
  kind: 'property' | 'value';
  detail?: string;
  info?: string;
  /** The property is required by its object. */
  required?: boolean;
}

function typeLabel(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  return schema.type ?? (schema.enum ? 'enum' : undefined);
}

/** Property names the object at `path` may have, minus those already present. */
export function propertySuggestions(
  root: JsonSchema,
  path: readonly PathSegment[],
  present: ReadonlySet<string> = new Set(),
): SchemaSuggestion[] {
  const seen = new Map<string, SchemaSuggestion>();
  for (const schema of schemasAt(root, path)) {
    const required = new Set(schema.required ?? []);
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (present.has(name) || seen.has(name)) continue;
      const described = typeof sub === 'object' ? (expand(root, sub)[0] ?? sub) : undefined;
      seen.set(name, {
        label: name,
        kind: 'property',
        detail: described ? typeLabel(described) : undefined,
        info: described && typeof described.description === 'string' ? described.description : undefined,
        required: required.has(name),
      });
    }
  }
  return [...seen.values()].sort(
    (a, b) => Number(b.required) - Number(a.required) || a.label.localeCompare(b.label),
  );
}

/** Values the schema fixes at `path`: enum and const values, and true/false for booleans. */
export function valueSuggestions(root: JsonSchema, path: readonly PathSegment[]): SchemaSuggestion[] {
  const values = new Map<string, SchemaSuggestion>();
  for (const schema of schemasAt(root, path)) {
    const add = (value: unknown) => {
      if (value === null || typeof value === 'object') return;
      const label = String(value);
      if (!values.has(label)) values.set(label, { label, kind: 'value', detail: typeof value });
    };
    for (const value of schema.enum ?? []) add(value);
    if ('const' in schema) add(schema.const);
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('boolean')) {
      add(true);
      add(false);
    }
  }
  return [...values.values()];
}

// ---- where the cursor is -------------------------------------------------------------------------------------

export interface CursorContext {
  /** Path of the object (key position) or of the value (value position) at the cursor. */
  path: PathSegment[];
  position: 'key' | 'value';
  /** Keys already present in the object at the cursor (key position). */
  present: Set<string>;
  /** Start of the word being typed (where a completion replaces from). */
  from: number;
}

interface YamlLine {
  indent: number;
  /** Column of the content after any '- ' sequence markers. */
  content: number;
  /** Columns of the '- ' markers on the line. */
  dashes: number[];
  key?: string;
  /** The key's value is on the same line. */
  inlineValue: boolean;
}

function readYamlLine(line: string): YamlLine | null {
  const trimmed = line.trimStart();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  const indent = line.length - trimmed.length;
  let content = indent;
  const dashes: number[] = [];
  while (line.slice(content).startsWith('- ') || line.slice(content) === '-') {
    dashes.push(content);
    content += 2;
    while (line[content] === ' ') content++;
  }
  const rest = line.slice(content);
  const pair = /^("[^"]*"|'[^']*'|[^\s:#][^:#]*?)\s*:(?:\s+(.*))?$/.exec(rest);
  const key = pair?.[1]?.replace(/^["']|["']$/g, '');
  const value = pair?.[2]?.trim() ?? '';
  return {
    indent,
    content,
    dashes,
    key,
    inlineValue: value !== '' && !/^[|>][-+]?\d*$/.test(value) && !value.startsWith('#'),
  };
}

/** The keys above the cursor in block YAML, found by indentation (works while the current line is still being typed). */
function yamlContext(text: string, offset: number): CursorContext {
  const lines = text.slice(0, offset).split('\n');
  const current = lines.pop() ?? '';
  const currentTrimmed = current.trimStart();
  let column = current.length - currentTrimmed.length;
  let rest = currentTrimmed;
  const path: PathSegment[] = [];
  while (rest.startsWith('- ')) {
    // A new item on this line: its content sits inside the sequence of the key above.
    rest = rest.slice(2).trimStart();
    path.push(0);
    column = current.length - rest.length;
  }
  const valueMatch = /^("[^"]*"|'[^']*'|[^\s:#][^:#]*?)\s*:\s+(\S*)$/.exec(rest);
  const word = /[^\s:'"]*$/.exec(current)?.[0] ?? '';
  const from = offset - word.length;
  let limit = column;
  const parents: PathSegment[] = [];
  const present = new Set<string>();
  const parsed = lines.map(readYamlLine);
  for (let i = parsed.length - 1; i >= 0 && limit > 0; i--) {
    const line = parsed[i];
    if (!line) continue;
    if (line.content === limit && line.key && line.dashes.length === 0) {
      present.add(line.key);
      continue;
    }
    if (line.content === limit && line.dashes.length > 0) {
      // The first key of the item we are in; the item itself is an index of the sequence above.
      if (line.key) present.add(line.key);
      parents.push(0);
      limit = line.dashes[0] ?? line.indent;
      if (line.dashes.length > 1) for (let d = 1; d < line.dashes.length; d++) parents.push(0);
      continue;
    }
    if (line.content < limit && line.key && !line.inlineValue) {
      parents.push(line.key);
      limit = line.indent;
      for (let d = 0; d < line.dashes.length; d++) parents.push(0);
      continue;
    }
    if (line.indent < limit) limit = line.indent;
  }
  if (limit === 0 && column === 0) {
    for (const line of parsed) if (line && line.content === 0 && line.key) present.add(line.key);
  }
  const base = [...parents.reverse(), ...path];
  if (valueMatch) {
    const key = valueMatch[1]?.replace(/^["']|["']$/g, '') ?? '';
    return { path: [...base, key], position: 'value', present: new Set(), from };
  }
  return { path: base, position: 'key', present, from };
}

/** The path at the cursor in JSON, by scanning the brackets and keys before it. */
function jsonContext(text: string, offset: number): CursorContext {
  // `position` is a frame's index in its parent array; `count` numbers its own items when it is an array.
  const stack: {
    kind: 'object' | 'array';
    key?: string;
    position: number;
    count: number;
    keys: Set<string>;
  }[] = [];
  let lastString: string | undefined;
  let pendingKey: string | undefined;
  let afterColon = false;
  let i = 0;
  while (i < offset) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < offset && text[j] !== '"') {
        if (text[j] === '\\') j++;
        value += text[j] ?? '';
        j++;
      }
      lastString = value;
      i = j + 1;
      continue;
    }
    const top = stack[stack.length - 1];
    if (ch === '{' || ch === '[') {
      stack.push({
        kind: ch === '{' ? 'object' : 'array',
        key: top?.kind === 'object' ? pendingKey : undefined,
        position: top?.kind === 'array' ? top.count : 0,
        count: 0,
        keys: new Set(),
      });
      afterColon = false;
      pendingKey = undefined;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      afterColon = false;
    } else if (ch === ':' && top?.kind === 'object') {
      pendingKey = lastString;
      if (lastString !== undefined) top.keys.add(lastString);
      afterColon = true;
    } else if (ch === ',') {
      if (top?.kind === 'array') top.count++;
      afterColon = false;
      pendingKey = undefined;
    }
    i++;
  }
  const path: PathSegment[] = [];
  for (let s = 1; s < stack.length; s++) {
    const parent = stack[s - 1];
    const frame = stack[s];
    if (!parent || !frame) continue;
    if (parent.kind === 'object' && frame.key !== undefined) path.push(frame.key);
    else if (parent.kind === 'array') path.push(frame.position);
  }
  const word = /"?[^\s"{}[\],:]*$/.exec(text.slice(0, offset))?.[0] ?? '';
  const from = offset - word.length;
  const top = stack[stack.length - 1];
  if (top?.kind === 'array')
    return { path: [...path, top.count], position: 'value', present: new Set(), from };
  if (afterColon && pendingKey !== undefined)
    return { path: [...path, pendingKey], position: 'value', present: new Set(), from };
  return { path, position: 'key', present: top?.keys ?? new Set(), from };
}

export function cursorContext(text: string, offset: number, language: CodeLanguage): CursorContext {
  return language === 'json' ? jsonContext(text, offset) : yamlContext(text, offset);
}

/** Completions at the cursor: property names at a key position, fixed values at a value position. */
export function completionsAt(
  root: JsonSchema,
  text: string,
  offset: number,
  language: CodeLanguage,
): { from: number; options: SchemaSuggestion[] } {
  const context = cursorContext(text, offset, language);
  const options =
    context.position === 'key'
      ? propertySuggestions(root, context.path, context.present)
      : valueSuggestions(root, context.path);
  return { from: context.from, options };
}

// ---- validating a document ------------------------------------------------------------------------------------

export interface SchemaDiagnostic {
  from: number;
  to: number;
  message: string;
  path: PathSegment[];
}

const STRUCTURAL = new Set([
  'properties',
  'items',
  'prefixItems',
  '$ref',
  '$recursiveRef',
  'allOf',
  'patternProperties',
  'unevaluatedProperties',
  'dependentSchemas',
  'if',
  'then',
  'else',
  'contains',
  'false',
]);

function draftOf(schema: JsonSchema): SchemaDraft {
  const id = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (id.includes('draft-04')) return '4';
  if (id.includes('draft-06') || id.includes('draft-07')) return '7';
  if (id.includes('2020-12')) return '2020-12';
  return '2019-09';
}

function pathOfPointer(pointer: string): PathSegment[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((raw) => decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** The text range of the key (for a map entry) or the node at `path`; the first line for the root. */
function rangeOf(
  doc: ReturnType<typeof parseDocument>,
  text: string,
  path: PathSegment[],
  part: 'key' | 'value' = 'key',
): [number, number] {
  const firstLine: [number, number] = [
    0,
    Math.max(1, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')),
  ];
  if (path.length === 0) return firstLine;
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const last = path[path.length - 1];
  if (isMap(parent)) {
    const pair = parent.items.find(
      (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(last),
    );
    // A wrong value is marked on the value when it is a scalar; objects and lists on their key, which is shorter.
    const value = pair?.value as YamlNode | undefined;
    const node = (part === 'value' && isScalar(value) ? value : (pair?.key ?? value)) as YamlNode | undefined;
    if (node?.range) return [node.range[0], node.range[1]];
  }
  if (isSeq(parent) && typeof last === 'number') {
    const node = parent.items[last] as YamlNode | undefined;
    if (node?.range) return [node.range[0], node.range[1]];
  }
  return path.length > 1 ? rangeOf(doc, text, path.slice(0, -1)) : firstLine;
}

function messageOf(error: { keyword: string; error: string }): {
  message: string;
  child?: string;
  part: 'key' | 'value';
} {
  if (error.keyword === 'required') {
    const name = /property "([^"]+)"/.exec(error.error)?.[1];
    return { message: name ? `Missing required property "${name}"` : error.error, part: 'key' };
  }
  if (error.keyword === 'additionalProperties') {
    const name = /Property "([^"]+)"/.exec(error.error)?.[1];
    return name
      ? { message: `Unknown property "${name}"`, child: name, part: 'key' }
      : { message: error.error, part: 'key' };
  }
  return { message: error.error.replace(/^Instance /, 'Value '), part: 'value' };
}

/**
 * The schema's complaints about `text`, each on the text of the key or value it concerns. Parse errors are not
 * reported here (lib/forms/code-value.ts does that); an unparsable text gives no schema diagnostics.
 */
export function schemaDiagnostics(
  schema: JsonSchema,
  text: string,
  language: CodeLanguage,
): SchemaDiagnostic[] {
  if (text.trim() === '') return [];
  // JSON is YAML too, so one parser gives both languages' ranges.
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return [];
  let value: unknown;
  try {
    value = language === 'json' ? JSON.parse(text) : doc.toJS();
  } catch {
    return [];
  }
  const result = new Validator(schema, draftOf(schema), false).validate(value);
  const out: SchemaDiagnostic[] = [];
  const seen = new Set<string>();
  for (const error of result.errors) {
    if (STRUCTURAL.has(error.keyword)) continue;
    // Errors inside one alternative of anyOf/oneOf are noise: the anyOf/oneOf error itself says it.
    if (/\/(?:anyOf|oneOf)\/\d+/.test(error.keywordLocation)) continue;
    const { message, child, part } = messageOf(error);
    const path = [...pathOfPointer(error.instanceLocation), ...(child !== undefined ? [child] : [])];
    const [from, to] = rangeOf(doc, text, path, part);
    const key = `${from}:${to}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ from, to: Math.max(to, from + 1), message, path });
  }
  return out;
}
