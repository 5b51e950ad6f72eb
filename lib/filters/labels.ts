import type { TriStateMap } from './tri-state';
import { splitLabelId } from './url-encoding';

/** A label key offered by a label filter, with the values it takes. */
export interface LabelOption {
  key: string;
  values: string[];
  /** Every value is 'true' or 'false': shown as a toggle rather than a multi-select (spec 001 §5). */
  boolean: boolean;
}

const BOOLEAN_VALUES = new Set(['true', 'false']);

/** The label keys of a list's items with their sorted values, sorted by key. */
export function labelOptionsOf(labelMaps: Iterable<Readonly<Record<string, string>>>): LabelOption[] {
  const byKey = new Map<string, Set<string>>();
  for (const labels of labelMaps) {
    for (const [key, value] of Object.entries(labels)) {
      let set = byKey.get(key);
      if (!set) byKey.set(key, (set = new Set()));
      set.add(value);
    }
  }
  return [...byKey.entries()]
    .map(([key, set]) => {
      const values = [...set].sort((a, b) => a.localeCompare(b));
      return { key, values, boolean: values.every((v) => BOOLEAN_VALUES.has(v.toLowerCase())) };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** The values of one key that a label filter map (`key=value` ids) includes or excludes. */
export function selectedLabelsOfKey(labels: TriStateMap, key: string): { value: string; state: 1 | -1 }[] {
  const out: { value: string; state: 1 | -1 }[] = [];
  for (const [id, state] of Object.entries(labels)) {
    const parsed = splitLabelId(id);
    if (parsed.key === key) out.push({ value: parsed.value, state });
  }
  return out;
}
