import { INDEFINITELY, durationLabel } from './ranges';

/** Normalise a relative range value: '15m' → 'now-15m'; keeps 'now±Nu' and 'indefinitely'. */
export function normalizeRelativeRange(range: string | null | undefined): string | null {
  if (!range) return null;
  const r = range.trim();
  if (r.toLowerCase() === INDEFINITELY) return INDEFINITELY;
  if (/^\d+[smhdwMy]$/.test(r)) return `now-${r}`;
  if (/^now[-+]\d+[smhdwMy]$/.test(r)) return r;
  return null;
}

/** A display text for a relative range: '15 minutes', 'Next 15 minutes', 'Indefinitely'. */
export function relativeDisplay(range: string): string {
  const n = normalizeRelativeRange(range);
  if (!n) return range;
  if (n === INDEFINITELY) return 'Indefinitely';
  const label = durationLabel(n.slice(4));
  return n[3] === '+' ? `Next ${label}` : label;
}
