import type { HealthCheck } from '@/lib/health/types';
import {
  DIGITS,
  LATENCY_KEYS,
  STRING_FIELDS,
  type CompactHealthChecks,
  type LatencyKey,
  type StringField,
} from '@/lib/health/compact';

/**
 * The server's half of the columnar hand-over (lib/health/compact.ts): encoding runs only in the server render,
 * so the browser loads it never (the list's query imports this module on the server side alone).
 */

export function encodeDigits(values: readonly number[]): string {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  let width = 1;
  while (64 ** width <= max) width++;
  let out = '';
  for (const value of values) {
    let digits = '';
    for (let rest = value, i = 0; i < width; i++, rest = Math.floor(rest / 64))
      digits = DIGITS[rest % 64]! + digits;
    out += digits;
  }
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A lowercase UUID as 22 base-64 digits: 20 digits for the first 120 bits (12 per pair), 2 for the last 8. */
export function packUuid(uuid: string): string {
  const nibbles: number[] = [];
  for (let i = 0; i < uuid.length; i++) {
    const code = uuid.charCodeAt(i);
    if (code !== 45) nibbles.push(code <= 57 ? code - 48 : code - 87); // '-' skipped; 0-9, a-f
  }
  let out = '';
  for (let i = 0; i < 30; i += 3) {
    const value = (nibbles[i]! << 8) | (nibbles[i + 1]! << 4) | nibbles[i + 2]!;
    out += DIGITS[value >> 6]! + DIGITS[value & 63]!;
  }
  const tail = (nibbles[30]! << 4) | nibbles[31]!;
  return out + DIGITS[tail >> 2]! + DIGITS[tail & 3]!;
}

function joinUnless(values: readonly string[], separator: string): string | string[] {
  return values.some((v) => v.includes(separator)) ? [...values] : values.join(separator);
}

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
  const column = (field: StringField) => encodeDigits(checks.map((c) => ref(c[field]) + 1));

  const runMs = checks.map((c) => timeOf(c.last_runtime));
  const transitionMs = checks.map((c) => timeOf(c.last_transition_time));
  let t0 = 0;
  for (const ms of [...runMs, ...transitionMs]) if (ms !== null && ms > t0) t0 = ms;
  const run = runMs.map((ms) => (ms === null ? null : ms - t0));
  const transition = transitionMs.map((ms) => (ms === null ? null : ms - t0));
  const tu = [...run, ...transition].every((t) => t === null || t % 1000 === 0) ? 1000 : 1;
  const inUnit = (t: number | null) => (t === null ? null : t / tu);

  const f = Object.fromEntries(STRING_FIELDS.map((field) => [field, column(field)])) as Record<
    StringField,
    string
  >;
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
  const stored: [LatencyKey, (number | null)[]][] = [];
  for (const key of LATENCY_KEYS) {
    if (!checks.some((c) => c.latency[key] !== undefined)) continue;
    const values = checks.map((c) => c.latency[key] ?? null);
    const same = stored.find(([, other]) => other.every((v, i) => v === values[i]));
    lat[key] = same ? same[0] : values;
    if (!same) stored.push([key, values]);
  }

  return {
    v: 2,
    s: joinUnless(table, '\n'),
    ...(checks.length > 0 && checks.every((c) => UUID.test(c.id))
      ? { id: checks.map((c) => packUuid(c.id)).join(''), uuid: true as const }
      : {
          id: joinUnless(
            checks.map((c) => c.id),
            ' ',
          ),
        }),
    f,
    ls,
    l: encodeDigits(l),
    passed: checks.map((c) => c.uptime.passed),
    failed: checks.map((c) => c.uptime.failed),
    lat,
    t0,
    tu,
    run: run.map(inUnit),
    transition: transition.map(inUnit),
  };
}

/** Decodes the columnar form back into the list's checks (in the browser, and once during server rendering). */
