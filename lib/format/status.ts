export type StatusColor = 'red' | 'gray' | 'orange' | 'green';

const RED = new Set(['degraded', 'missing', 'unhealthy', 'not good', 'notgood', 'not_good', 'bad']);
const GRAY = new Set(['unknown', 'suspended']);
const ORANGE = new Set(['warning', 'mixed']);

/**
 * Status dot colour (001 §4): red for degraded, missing, unhealthy or not good;
 * gray for unknown or suspended; orange for warning or mixed; otherwise green.
 * A boolean is read as good (true → green) / not good (false → red).
 * A missing or empty status is read as unknown (gray).
 */
export function statusDotColor(status: string | boolean | null | undefined): StatusColor {
  if (typeof status === 'boolean') return status ? 'green' : 'red';
  if (status === null || status === undefined) return 'gray';
  const s = status.trim().toLowerCase();
  if (s === '') return 'gray';
  if (RED.has(s)) return 'red';
  if (GRAY.has(s)) return 'gray';
  if (ORANGE.has(s)) return 'orange';
  return 'green';
}

/** Tailwind background class per colour. */
export const STATUS_COLOR_CLASS: Record<StatusColor, string> = {
  red: 'bg-red-500',
  gray: 'bg-gray-400',
  orange: 'bg-orange-400',
  green: 'bg-green-500',
};
