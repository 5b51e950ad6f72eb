/**
 * Go durations of notification rules: `wait_for` is stored in nanoseconds and edited as text ('5m'). Apart from the
 * rule form so that the rules list shows them without loading the form's mapping.
 */

const NS_PER = { h: 3600e9, m: 60e9, s: 1e9, ms: 1e6, us: 1e3, µs: 1e3, ns: 1 } as const;

/** '1h30m' → nanoseconds; null for empty or invalid text. */
export function durationToNanos(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  let total = 0;
  let rest = value;
  while (rest) {
    const m = /^(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/.exec(rest);
    if (!m) return null;
    total += Number(m[1]) * NS_PER[m[2] as keyof typeof NS_PER];
    rest = rest.slice(m[0].length);
  }
  return Math.round(total);
}

/** Nanoseconds → the shortest Go duration text ('5m', '1h30m', '45s'). */
export function nanosToDuration(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || ns <= 0) return '';
  let rest = Math.round(ns / 1e6);
  const parts: string[] = [];
  for (const [unit, ms] of [
    ['h', 3_600_000],
    ['m', 60_000],
    ['s', 1000],
  ] as const) {
    const n = Math.floor(rest / ms);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * ms;
  }
  if (rest > 0) parts.push(`${rest}ms`);
  return parts.join('');
}
