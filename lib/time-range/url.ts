import { isDateMath } from './expression';
import { findMappedRange, isSimpleTimeRange, type SimpleTimeRange } from './ranges';
import { normalizeRelativeRange, relativeDisplay } from './relative';
import type { TimeRange, TimeRangeType } from './types';

/** Every URL parameter owned by the time-range picker (000 §4, 001 §4). */
export const TIME_RANGE_PARAM_KEYS = ['rangeType', 'display', 'from', 'to', 'range', 'timeRange'] as const;
export type TimeRangeParamKey = (typeof TIME_RANGE_PARAM_KEYS)[number];

/** Values to write for each key; null removes the parameter. */
export type TimeRangeParamValues = Record<TimeRangeParamKey, string | null>;

const ALL_NULL: TimeRangeParamValues = {
  rangeType: null,
  display: null,
  from: null,
  to: null,
  range: null,
  timeRange: null,
};

/**
 * The parameter values for a chosen range. Keys that do not belong to the range are null,
 * so stale ones are removed. `null` (Clear) removes all of them.
 */
export function timeRangeToParamValues(range: TimeRange | null): TimeRangeParamValues {
  if (!range) return { ...ALL_NULL };
  switch (range.type) {
    case 'relative':
      return { ...ALL_NULL, rangeType: 'relative', display: range.display, range: range.range };
    case 'mapped':
      return { ...ALL_NULL, rangeType: 'mapped', display: range.display, from: range.from, to: range.to };
    case 'absolute':
      return { ...ALL_NULL, rangeType: 'absolute', display: range.display, from: range.from, to: range.to };
  }
}

/** The values for choosing a simple dropdown option (timeRange); the other five are removed. */
export function simpleTimeRangeToParamValues(value: SimpleTimeRange | null): TimeRangeParamValues {
  return { ...ALL_NULL, timeRange: value };
}

function applyValues(params: URLSearchParams, values: TimeRangeParamValues, resetKeys: readonly string[]) {
  const next = new URLSearchParams(params);
  for (const key of TIME_RANGE_PARAM_KEYS) {
    const v = values[key];
    if (v === null || v === '') next.delete(key);
    else next.set(key, v);
  }
  for (const key of resetKeys) next.delete(key);
  return next;
}

/**
 * Pure: a copy of `params` with the chosen range written and stale range keys removed.
 * `resetKeys` (e.g. ['pageIndex']) are removed too.
 */
export function setTimeRangeParams(
  params: URLSearchParams,
  range: TimeRange | null,
  resetKeys: readonly string[] = [],
): URLSearchParams {
  return applyValues(params, timeRangeToParamValues(range), resetKeys);
}

/** Pure: Clear removes every range parameter. */
export function clearTimeRangeParams(
  params: URLSearchParams,
  resetKeys: readonly string[] = [],
): URLSearchParams {
  return applyValues(params, { ...ALL_NULL }, resetKeys);
}

/** Pure: set the simple dropdown value (timeRange) and remove the other range keys. */
export function setSimpleTimeRangeParam(
  params: URLSearchParams,
  value: SimpleTimeRange | null,
  resetKeys: readonly string[] = [],
): URLSearchParams {
  return applyValues(params, simpleTimeRangeToParamValues(value), resetKeys);
}

type ParamSource = URLSearchParams | Partial<Record<TimeRangeParamKey, string | null | undefined>>;

function read(src: ParamSource, key: TimeRangeParamKey): string | null {
  if (src instanceof URLSearchParams) return src.get(key);
  return src[key] ?? null;
}

function validIsoDate(v: string | null): v is string {
  return !!v && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(new Date(v).getTime());
}

/**
 * Parse the picker state from the URL. Returns null when there is no (valid) range.
 * Invalid relative ranges and invalid mapped ranges are logged.
 */
export function parseTimeRangeParams(src: ParamSource): TimeRange | null {
  const type = read(src, 'rangeType') as TimeRangeType | null;
  const display = read(src, 'display');
  const from = read(src, 'from');
  const to = read(src, 'to');
  const range = read(src, 'range');
  if (!type) return null;
  if (type === 'relative') {
    const n = normalizeRelativeRange(range);
    if (!n) {
      console.error('Invalid relative time range', range);
      return null;
    }
    return { type: 'relative', display: display || relativeDisplay(n), range: n };
  }
  if (type === 'mapped') {
    const known = findMappedRange(display);
    const f = from || known?.from;
    const t = to || known?.to;
    if (!f || !t || !isDateMath(f) || !isDateMath(t)) {
      console.error('Invalid mapped time range', { display, from, to });
      return null;
    }
    return { type: 'mapped', display: display || known?.display || `${f} to ${t}`, from: f, to: t };
  }
  if (type === 'absolute') {
    if (!validIsoDate(from) || !validIsoDate(to)) {
      console.error('Invalid absolute time range', { from, to });
      return null;
    }
    return { type: 'absolute', display: display || `${from} to ${to}`, from, to };
  }
  console.error('Invalid time range type', type);
  return null;
}

/** The simple dropdown value from the URL (timeRange), or the fallback (default 1h). */
export function parseSimpleTimeRangeParam(
  src: ParamSource,
  fallback: SimpleTimeRange = '1h',
): SimpleTimeRange {
  const v = read(src, 'timeRange');
  return isSimpleTimeRange(v) ? v : fallback;
}
