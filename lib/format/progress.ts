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
