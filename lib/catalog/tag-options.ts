import type { TriStateMap } from '@/lib/filters/tri-state';
import { PRIORITY_TAG_KEYS } from '@/lib/format/tags';
import { includedTags } from '@/lib/catalog/tri-state-param';

/** The Tags filter's parts that load with it (after the page's load event), not with the page. */

/** The chosen value of each tag key: `{key: value}` from the filter's `key=value` ids. */
export function chosenTags(tags: TriStateMap): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of includedTags(tags)) {
    const at = id.indexOf('=');
    out[id.slice(0, at)] = id.slice(at + 1);
  }
  return out;
}

/** The filter with `key` set to `value` (one value per key), or without the key when `value` is ''. */
export function chooseTag(tags: TriStateMap, key: string, value: string): TriStateMap {
  const next: TriStateMap = {};
  for (const id of includedTags(tags)) if (id.slice(0, id.indexOf('=')) !== key) next[id] = 1;
  if (value) next[`${key}=${value}`] = 1;
  return next;
}

/** The trigger's text: All, the chosen `key=value`s, or how many when there are many. */
export function tagFilterSummary(tags: TriStateMap): string {
  const ids = includedTags(tags);
  if (ids.length === 0) return 'All';
  return ids.length >= 3 ? `${ids.length} tags` : ids.join(', ');
}

export interface TagKeyOption {
  key: string;
  values: string[];
}

/** `config_tags` rows → one option per key, account, namespace and name first (000 §9), values sorted. */
export function tagKeyOptions(rows: readonly { key: string; value?: string | null }[]): TagKeyOption[] {
  const byKey = new Map<string, Set<string>>();
  for (const { key, value } of rows) {
    if (!key || value === null || value === undefined || value === '') continue;
    let set = byKey.get(key);
    if (!set) byKey.set(key, (set = new Set()));
    set.add(value);
  }
  const rank = (k: string) => {
    const i = (PRIORITY_TAG_KEYS as readonly string[]).indexOf(k.toLowerCase());
    return i === -1 ? PRIORITY_TAG_KEYS.length : i;
  };
  return [...byKey.entries()]
    .map(([key, set]) => ({ key, values: [...set].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => rank(a.key) - rank(b.key) || a.key.localeCompare(b.key));
}
