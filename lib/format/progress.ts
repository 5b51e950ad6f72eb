export type ProgressColor = 'default' | 'orange' | 'red';

export const PROGRESS_MIN_WIDTH = 5;
export const PROGRESS_ORANGE_ABOVE = 75;
export const PROGRESS_RED_ABOVE = 90;

export interface ProgressStyle {
  /** Bar width in percent, clamped to [5, 100]. */
  width: number;
  color: ProgressColor;
  /** The input value clamped to [0, 100] (for labels/aria). */
  percent: number;
}

/**
 * Progress bar rule: minimum 5 percent width, orange above 75, red above 90.
 * `value` and `max` (default 100) produce the percentage.
 */
export function progressStyle(value: number | null | undefined, max = 100): ProgressStyle {
  const raw =
    value !== null && value !== undefined && Number.isFinite(value) && max > 0 ? (value / max) * 100 : 0;
  const percent = Math.min(100, Math.max(0, raw));
  const color: ProgressColor =
    percent > PROGRESS_RED_ABOVE ? 'red' : percent > PROGRESS_ORANGE_ABOVE ? 'orange' : 'default';
  return { width: Math.max(PROGRESS_MIN_WIDTH, percent), color, percent };
}

export const PROGRESS_COLOR_CLASS: Record<ProgressColor, string> = {
  default: 'bg-primary',
  orange: 'bg-orange-400',
  red: 'bg-red-500',
};

/** A value a progress bar can draw: `value` out of `max` (a property's `min` already subtracted from both). */
export interface ProgressAmount {
  value: number;
  max: number;
}

const PERCENT_UNITS = new Set(['%', 'percent', 'percentage']);

function numberOf(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/**
 * The bar of a component or config property (spec 001 §9 "draws percentages wherever a screen shows one"): a
 * numeric value with a percentage unit is out of 100, one with a numeric `max` is out of `max` (from `min` when set);
 * anything else (text, no max, max ≤ min) is undefined and stays plain text.
 */
export function propertyProgress(p: {
  value?: unknown;
  unit?: string | null;
  max?: unknown;
  min?: unknown;
}): ProgressAmount | undefined {
  const value = numberOf(p.value);
  if (value === undefined) return undefined;
  const max = numberOf(p.max);
  if (max !== undefined) {
    const min = numberOf(p.min) ?? 0;
    return max > min ? { value: value - min, max: max - min } : undefined;
  }
  return PERCENT_UNITS.has((p.unit ?? '').trim().toLowerCase()) ? { value, max: 100 } : undefined;
}

/** The failed share of a job (error / (success + error)); undefined when it counted nothing. */
export function failedShare(
  success: number | null | undefined,
  error: number | null | undefined,
): ProgressAmount | undefined {
  const s = Math.max(0, success ?? 0);
  const e = Math.max(0, error ?? 0);
  return s + e > 0 ? { value: e, max: s + e } : undefined;
}
