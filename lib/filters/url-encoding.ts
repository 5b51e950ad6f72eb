import { type TriStateMap } from './tri-state';

/**
 * Filter values escape commas and colons when encoded in URLs (000 §5, 001 §5).
 * '%' is escaped first so the encoding is round-trip safe for every string.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/%/g, '%25').replace(/,/g, '%2C').replace(/:/g, '%3A');
}

export function unescapeFilterValue(value: string): string {
  return value.replace(/%(25|2C|3A)/gi, (_, code: string) => {
    switch (code.toUpperCase()) {
      case '2C':
        return ',';
      case '3A':
        return ':';
      default:
        return '%';
    }
  });
}

function warn(message: string, detail: unknown) {
  console.warn(`[filters] ${message}`, detail);
}

/**
 * Tri-state filter map → URL value: `value:1,other:-1` (values escaped, neutral entries dropped).
 * Returns '' when nothing is selected (callers should then remove the parameter).
 */
export function encodeTriStateParam(map: TriStateMap): string {
  return Object.entries(map)
    .filter(([, s]) => s === 1 || s === -1)
    .map(([k, s]) => `${escapeFilterValue(k)}:${s}`)
    .join(',');
}

/** URL value → tri-state map. Bad entries are logged and ignored. */
export function parseTriStateParam(param: string | null | undefined): TriStateMap {
  const out: TriStateMap = {};
  if (!param) return out;
  for (const item of param.split(',')) {
    if (!item) continue;
    const idx = item.lastIndexOf(':');
    const rawKey = idx === -1 ? '' : item.slice(0, idx);
    const state = idx === -1 ? NaN : Number(item.slice(idx + 1));
    if (!rawKey || (state !== 1 && state !== -1)) {
      warn('ignoring invalid filter entry', item);
      continue;
    }
    out[unescapeFilterValue(rawKey)] = state;
  }
  return out;
}

export interface LabelFilter {
  key: string;
  value: string;
  state: 1 | -1;
}

/**
 * Label filters: key and value escaped and joined with ':' then the state,
 * entries joined with ','. Example: `env:prod:1,team:a%2Cb:-1`.
 */
export function encodeLabelFilters(labels: readonly LabelFilter[]): string {
  return labels
    .filter((l) => l.state === 1 || l.state === -1)
    .map((l) => `${escapeFilterValue(l.key)}:${escapeFilterValue(l.value)}:${l.state}`)
    .join(',');
}

/** Parse label filters; bad entries are logged and ignored. */
export function parseLabelFilters(param: string | null | undefined): LabelFilter[] {
  const out: LabelFilter[] = [];
  if (!param) return out;
  for (const item of param.split(',')) {
    if (!item) continue;
    const parts = item.split(':');
    const state = Number(parts[2]);
    if (parts.length !== 3 || !parts[0] || (state !== 1 && state !== -1)) {
      warn('ignoring invalid label filter', item);
      continue;
    }
    out.push({ key: unescapeFilterValue(parts[0]), value: unescapeFilterValue(parts[1] ?? ''), state });
  }
  return out;
}

/** Identifier of a label for the JSON map form: `key=value`. */
export function labelId(key: string, value: string): string {
  return `${key}=${value}`;
}

/** Split a `key=value` label id at the first '='. */
export function splitLabelId(id: string): { key: string; value: string } {
  const i = id.indexOf('=');
  return i === -1 ? { key: id, value: '' } : { key: id.slice(0, i), value: id.slice(i + 1) };
}

/** JSON map form `labels={"id":1|-1}`. Returns '' when empty. */
export function encodeLabelsJson(map: TriStateMap): string {
  const clean: TriStateMap = {};
  for (const [k, v] of Object.entries(map)) if (v === 1 || v === -1) clean[k] = v;
  return Object.keys(clean).length ? JSON.stringify(clean) : '';
}

/**
 * Parse the JSON map form. A value that fails to parse is logged and the filter ignored:
 * invalid JSON or a non-object gives {}, entries other than 1/-1 are dropped.
 */
export function parseLabelsJson(param: string | null | undefined): TriStateMap {
  const out: TriStateMap = {};
  if (!param) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(param);
  } catch (err) {
    warn('ignoring unparsable labels parameter', { param, err });
    return out;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    warn('ignoring labels parameter that is not an object', param);
    return out;
  }
  for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
    const n = typeof v === 'string' ? Number(v) : v;
    if (n === 1 || n === -1) out[k] = n;
    else warn('ignoring invalid label state', { label: k, value: v });
  }
  return out;
}
