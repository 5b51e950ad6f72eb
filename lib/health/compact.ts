import type { HealthCheck } from '@/lib/health/types';

/**
 * A columnar form of the health list for the server-to-browser hand-over. With thousands of checks the list as
 * objects repeats every key per check and, once escaped inside the HTML's RSC payload, made the /health HTML
 * several megabytes; here each field is one array, repeated strings (canary, type, status, namespace, agent,
 * label keys and values) are indices into one table ordered by frequency, identical label sets are stored once
 * and timestamps are offsets. Index columns are strings of fixed-width base-64 digits and the ids and the string
 * table are joined into one string where a separator is free, because every quote and comma of an array is
 * escaped again inside the HTML. Timestamps come back as ISO strings with millisecond precision (the list only
 * parses them); everything else decodes to exactly what `toHealthCheck` produced.
 */
export interface CompactHealthChecks {
  v: 2;
  /** The string table, most frequent first; joined with a newline unless a string contains one. */
  s: string | string[];
  /** The ids; joined with a space unless an id contains one. */
  id: string | string[];
  /** Set when every id is a lowercase UUID: `id` is then their 16 bytes as 22 base-64 digits each, unseparated. */
  uuid?: true;
  /** Per field of STRING_FIELDS: string-table index + 1 per check (0 is absent) as fixed-width digits. */
  f: Record<StringField, string>;
  /** Distinct label sets, each flat [key, value, key, value, ...] string-table indices. */
  ls: number[][];
  /** Label-set index per check, as fixed-width digits. */
  l: string;
  passed: number[];
  failed: number[];
  /** Latency columns present in at least one check (null where a check has none), or the key of an equal column. */
  lat: Partial<Record<LatencyKey, (number | null)[] | LatencyKey>>;
  /** Epoch ms that the time columns are offsets from, and their unit in ms (1000 when all are whole seconds). */
  t0: number;
  tu: number;
  /** last_runtime and last_transition_time as offsets from t0 in tu; null is absent. */
  run: (number | null)[];
  transition: (number | null)[];
}

/** Base-64 digits that JSON and Next's HTML escaping leave alone. */
export const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_';
const DIGIT_VALUE = new Uint8Array(128);
for (let i = 0; i < DIGITS.length; i++) DIGIT_VALUE[DIGITS.charCodeAt(i)] = i;

/** Encodes non-negative integers as one string of equally wide digits (the width is length / count). */
export function decodeDigits(text: string, count: number): number[] {
  if (count === 0) return [];
  const width = text.length / count;
  const values = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    let value = 0;
    for (let j = i * width; j < (i + 1) * width; j++)
      value = value * 64 + DIGIT_VALUE[text.charCodeAt(j) & 127]!;
    values[i] = value;
  }
  return values;
}

let hex3: string[] | null = null;

export function unpackUuid(packed: string, offset = 0): string {
  hex3 ??= Array.from({ length: 4096 }, (_, i) => i.toString(16).padStart(3, '0'));
  const digit = (i: number) => DIGIT_VALUE[packed.charCodeAt(offset + i) & 127]!;
  let hex = '';
  for (let i = 0; i < 20; i += 2) hex += hex3[(digit(i) << 6) | digit(i + 1)]!;
  hex += hex3[(digit(20) << 2) | digit(21)]!.slice(1);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function split(value: string | string[], separator: string, count: number): string[] {
  if (Array.isArray(value)) return value;
  return count === 0 ? [] : value.split(separator);
}

export const STRING_FIELDS = [
  'name',
  'icon',
  'canary_name',
  'description',
  'endpoint',
  'type',
  'status',
  'namespace',
  'agent_id',
] as const;
export type StringField = (typeof STRING_FIELDS)[number];
export const LATENCY_KEYS = ['p95', 'p97', 'p99', 'rolling1h'] as const;
export type LatencyKey = (typeof LATENCY_KEYS)[number];

export function decodeHealthChecks(compact: CompactHealthChecks): HealthCheck[] {
  const { t0, tu } = compact;
  const count = compact.passed.length;
  const ids =
    compact.uuid && typeof compact.id === 'string'
      ? Array.from({ length: count }, (_, i) => unpackUuid(compact.id as string, i * 22))
      : split(compact.id, ' ', count);
  const table = split(compact.s, '\n', Infinity);
  const s = (index: number) => (index > 0 ? table[index - 1] : undefined);
  const f = Object.fromEntries(
    STRING_FIELDS.map((field) => [field, decodeDigits(compact.f[field], ids.length)]),
  ) as Record<StringField, number[]>;
  const setOf = decodeDigits(compact.l, ids.length);
  const labelSets = compact.ls.map((flat) => {
    const labels: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) labels[table[flat[i]!]!] = table[flat[i + 1]!]!;
    return labels;
  });
  const latencyColumns = LATENCY_KEYS.flatMap((key) => {
    const stored = compact.lat[key];
    const column = typeof stored === 'string' ? compact.lat[stored] : stored;
    return Array.isArray(column) ? [[key, column] as const] : [];
  });
  return ids.map((id, i) => {
    const check: HealthCheck = {
      id,
      name: s(f.name[i]!) ?? '',
      labels: { ...labelSets[setOf[i]!] },
      uptime: { passed: compact.passed[i]!, failed: compact.failed[i]! },
      latency: {},
    };
    const record = check as unknown as Record<string, unknown>;
    for (const field of STRING_FIELDS) {
      if (field === 'name') continue;
      const value = s(f[field][i]!);
      if (value) record[field] = value;
    }
    for (const [key, column] of latencyColumns) {
      const value = column[i];
      if (value !== null && value !== undefined) check.latency[key] = value;
    }
    const run = compact.run[i];
    if (run !== null && run !== undefined) check.last_runtime = new Date(t0 + run * tu).toISOString();
    const transition = compact.transition[i];
    if (transition !== null && transition !== undefined)
      check.last_transition_time = new Date(t0 + transition * tu).toISOString();
    return check;
  });
}
