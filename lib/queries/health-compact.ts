import type { HealthCheck } from '@/lib/health/types';

/**
 * A columnar form of the health list for the server-to-browser hand-over. With thousands of checks the list as
 * objects repeats every key per check and, once escaped inside the HTML's RSC payload, made the /health HTML
 * several megabytes; here each field is one array, repeated strings (canary, type, status, namespace, agent,
 * label keys and values) are indices into one table ordered by frequency, identical label sets are stored once
 * and timestamps are millisecond offsets. Timestamps come back as ISO strings with millisecond precision (the
 * list only parses them); everything else decodes to exactly what `toHealthCheck` produced.
 */
export interface CompactHealthChecks {
  v: 1;
  /** The string table; the most frequent strings get the shortest indices. */
  s: string[];
  id: string[];
  /** String-table indices per check, one array per field of STRING_FIELDS; -1 is absent. */
  f: Record<StringField, number[]>;
  /** Distinct label sets, each flat [key, value, key, value, ...] string-table indices. */
  ls: number[][];
  /** Label-set index per check. */
  l: number[];
  passed: number[];
  failed: number[];
  /** Latency columns present in at least one check; null where a check has no value. */
  lat: Partial<Record<LatencyKey, (number | null)[]>>;
  /** Epoch ms that the time columns are offsets from. */
  t0: number;
  /** last_runtime and last_transition_time as ms offsets from t0; null is absent. */
  run: (number | null)[];
  transition: (number | null)[];
}

const STRING_FIELDS = ['name', 'canary_name', 'description', 'endpoint', 'type', 'status', 'namespace', 'agent_id'] as const;
type StringField = (typeof STRING_FIELDS)[number];
const LATENCY_KEYS = ['p95', 'p97', 'p99', 'rolling1h'] as const;
type LatencyKey = (typeof LATENCY_KEYS)[number];

function timeOf(value: string | undefined): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** Encodes the trimmed checks (server side, before they are passed to the client dashboard). */
export function encodeHealthChecks(checks: readonly HealthCheck[]): CompactHealthChecks {
  const counts = new Map<string, number>();
  const count = (value: string | undefined) => {
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  };
  for (const check of checks) {
    for (const field of STRING_FIELDS) count(check[field]);
    for (const [key, value] of Object.entries(check.labels)) {
      count(key);
      count(value);
    }
  }
  const table = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([value]) => value);
  const indexOf = new Map(table.map((value, i) => [value, i]));
  const ref = (value: string | undefined) => (value === undefined ? -1 : (indexOf.get(value) ?? -1));

  let t0 = 0;
  for (const check of checks) t0 = Math.max(t0, timeOf(check.last_runtime) ?? 0, timeOf(check.last_transition_time) ?? 0);
  const offset = (value: string | undefined) => {
    const ms = timeOf(value);
    return ms === null ? null : ms - t0;
  };

  const f = Object.fromEntries(STRING_FIELDS.map((field) => [field, checks.map((c) => ref(c[field]))])) as Record<StringField, number[]>;
  const setIndex = new Map<string, number>();
  const ls: number[][] = [];
  const l = checks.map((check) => {
    const flat = Object.entries(check.labels).flatMap(([key, value]) => [ref(key), ref(value)]);
    const signature = flat.join(',');
    let index = setIndex.get(signature);
    if (index === undefined) {
      index = ls.length;
      ls.push(flat);
      setIndex.set(signature, index);
    }
    return index;
  });
  const lat: CompactHealthChecks['lat'] = {};
  for (const key of LATENCY_KEYS)
    if (checks.some((c) => c.latency[key] !== undefined)) lat[key] = checks.map((c) => c.latency[key] ?? null);

  return {
    v: 1,
    s: table,
    id: checks.map((c) => c.id),
    f,
    ls,
    l,
    passed: checks.map((c) => c.uptime.passed),
    failed: checks.map((c) => c.uptime.failed),
    lat,
    t0,
    run: checks.map((c) => offset(c.last_runtime)),
    transition: checks.map((c) => offset(c.last_transition_time)),
  };
}

/** Decodes the columnar form back into the list's checks (in the browser, and once during server rendering). */
export function decodeHealthChecks(compact: CompactHealthChecks): HealthCheck[] {
  const { s, f, t0 } = compact;
  const labelSets = compact.ls.map((flat) => {
    const labels: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) labels[s[flat[i]!]!] = s[flat[i + 1]!]!;
    return labels;
  });
  const latencyColumns = LATENCY_KEYS.flatMap((key) => {
    const column = compact.lat[key];
    return column ? [[key, column] as const] : [];
  });
  return compact.id.map((id, i) => {
    const check: HealthCheck = {
      id,
      name: s[f.name[i]!] ?? '',
      labels: { ...labelSets[compact.l[i]!] },
      uptime: { passed: compact.passed[i]!, failed: compact.failed[i]! },
      latency: {},
    };
    const record = check as unknown as Record<string, unknown>;
    for (const field of STRING_FIELDS) {
      if (field === 'name') continue;
      const value = s[f[field][i]!];
      if (value) record[field] = value;
    }
    for (const [key, column] of latencyColumns) {
      const value = column[i];
      if (value !== null && value !== undefined) check.latency[key] = value;
    }
    const run = compact.run[i];
    if (run !== null && run !== undefined) check.last_runtime = new Date(t0 + run).toISOString();
    const transition = compact.transition[i];
    if (transition !== null && transition !== undefined) check.last_transition_time = new Date(t0 + transition).toISOString();
    return check;
  });
}
