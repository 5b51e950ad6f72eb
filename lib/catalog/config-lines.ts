/**
 * A config body as lines of JSON or YAML, each with the path of the value it shows (`spec.containers[0].image`), so
 * the code view can highlight `?selected=` on the server without shipping a serializer to the browser.
 */

export type ConfigFormat = 'json' | 'yaml';

export interface ConfigLine {
  text: string;
  /** Path of the key or item the line belongs to; '' for the document's own brackets. */
  path: string;
}

const childPath = (parent: string, key: string | number) =>
  typeof key === 'number'
    ? `${parent}[${key}]`
    : /^[A-Za-z_$][\w$-]*$/.test(key)
      ? parent
        ? `${parent}.${key}`
        : key
      : `${parent}[${JSON.stringify(key)}]`;

function jsonLines(
  value: unknown,
  path: string,
  indent: string,
  prefix: string,
  suffix: string,
  out: ConfigLine[],
) {
  if (Array.isArray(value) && value.length > 0) {
    out.push({ text: `${indent}${prefix}[`, path });
    value.forEach((item, i) =>
      jsonLines(item, childPath(path, i), `${indent}  `, '', i < value.length - 1 ? ',' : '', out),
    );
    out.push({ text: `${indent}]${suffix}`, path });
  } else if (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0) {
    const entries = Object.entries(value as Record<string, unknown>);
    out.push({ text: `${indent}${prefix}{`, path });
    entries.forEach(([k, v], i) =>
      jsonLines(
        v,
        childPath(path, k),
        `${indent}  `,
        `${JSON.stringify(k)}: `,
        i < entries.length - 1 ? ',' : '',
        out,
      ),
    );
    out.push({ text: `${indent}}${suffix}`, path });
  } else {
    out.push({ text: `${indent}${prefix}${JSON.stringify(value ?? null) ?? 'null'}${suffix}`, path });
  }
}

const YAML_PLAIN_KEY = /^[A-Za-z0-9_./][\w ./-]*$/;
/** Plain scalars may hold a colon (`image: nginx:1.2`) but not `: ` or ` #`, nor end in a colon or a space. */
const isPlainValue = (v: string) =>
  /^[A-Za-z0-9_./][\w .:/@-]*$/.test(v) &&
  !v.includes(': ') &&
  !v.includes(' #') &&
  !v.endsWith(':') &&
  !v.endsWith(' ');
const YAML_RESERVED = /^(true|false|yes|no|on|off|null|~|[-+]?(\d[\d_]*(\.\d*)?|\.\d+)([eE][-+]?\d+)?)$/i;

function yamlScalar(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    return value !== '' && isPlainValue(value) && !YAML_RESERVED.test(value) ? value : JSON.stringify(value);
  }
  return String(value);
}

const yamlKey = (key: string) =>
  YAML_PLAIN_KEY.test(key) && !YAML_RESERVED.test(key) ? key : JSON.stringify(key);
const isNested = (v: unknown) =>
  v !== null && typeof v === 'object' && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
const emptyOf = (v: unknown) => (Array.isArray(v) ? '[]' : '{}');

function yamlLines(value: unknown, path: string, indent: string, out: ConfigLine[]) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      const p = childPath(path, i);
      if (item && typeof item === 'object' && !Array.isArray(item) && Object.keys(item).length > 0) {
        // The first key shares the dash's line, the others align under it.
        const start = out.length;
        yamlLines(item, p, `${indent}  `, out);
        const first = out[start]!;
        out[start] = { text: `${indent}- ${first.text.slice(indent.length + 2)}`, path: first.path };
      } else if (isNested(item)) {
        out.push({ text: `${indent}-`, path: p });
        yamlLines(item, p, `${indent}  `, out);
      } else {
        out.push({
          text: `${indent}- ${typeof item === 'object' && item !== null ? emptyOf(item) : yamlScalar(item)}`,
          path: p,
        });
      }
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = childPath(path, k);
      if (isNested(v)) {
        out.push({ text: `${indent}${yamlKey(k)}:`, path: p });
        yamlLines(v, p, Array.isArray(v) ? indent : `${indent}  `, out);
      } else {
        const scalar = typeof v === 'object' && v !== null ? emptyOf(v) : yamlScalar(v);
        if (typeof v === 'string' && v.includes('\n')) {
          out.push({ text: `${indent}${yamlKey(k)}: |-`, path: p });
          for (const line of v.split('\n')) out.push({ text: `${indent}  ${line}`, path: p });
        } else out.push({ text: `${indent}${yamlKey(k)}: ${scalar}`, path: p });
      }
    }
  } else {
    out.push({ text: `${indent}${yamlScalar(value)}`, path });
  }
}

export function configLines(config: unknown, format: ConfigFormat): ConfigLine[] {
  const out: ConfigLine[] = [];
  if (format === 'json') jsonLines(config, '', '', '', '', out);
  else if (isNested(config)) yamlLines(config, '', '', out);
  else out.push({ text: yamlScalar(config), path: '' });
  return out;
}

/** `$.spec.replicas`, `spec.replicas` and `spec["replicas"]` name the same path. */
export function normalizeConfigPath(selected: string): string {
  return selected
    .trim()
    .replace(/^\$\.?/, '')
    .replace(/\["([A-Za-z_$][\w$-]*)"\]/g, '.$1')
    .replace(/^\./, '');
}

/** Whether a line shows the selected path or something inside it. */
export function isSelectedLine(linePath: string, selected: string): boolean {
  if (!selected) return false;
  const path = normalizeConfigPath(linePath);
  return path === selected || path.startsWith(`${selected}.`) || path.startsWith(`${selected}[`);
}
