import { escapeFilterValue, unescapeFilterValue } from '@/lib/filters/url-encoding';
import { PRIORITY_TAG_KEYS } from '@/lib/format/tags';
import { param } from '@/lib/search-params/define';

/**
 * The catalog's Tags filter (spec 000 §7 `config_tags`, issue 37): one chosen value per tag key, items having every
 * chosen `key=value`. Include only: the summary's `tags` and the change feed's selector are what both pages send, and
 * the summary has no way to exclude a tag. In the URL as `tags=key=value,other=x`, commas and colons escaped (the
 * label filters' encoding, 000 §5).
 */
export type TagFilter = Readonly<Record<string, string>>;

const NO_TAGS: TagFilter = {};

/** `tags=…` → the chosen tags; entries without a key or a `=` are left out, and a value with none is absent. */
export function parseTagFilter(raw: string): TagFilter | undefined {
  const out: Record<string, string> = {};
  for (const item of raw.split(',')) {
    const at = item.indexOf('=');
    if (at <= 0) continue;
    out[unescapeFilterValue(item.slice(0, at))] = unescapeFilterValue(item.slice(at + 1));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The chosen tags as `key=value` pairs in key order (the request bodies' and the URL's shared order). */
export function tagPairs(tags: TagFilter): [string, string][] {
  return Object.entries(tags).sort(([a], [b]) => a.localeCompare(b));
}

export function encodeTagFilter(tags: TagFilter): string {
  return tagPairs(tags)
    .map(([k, v]) => `${escapeFilterValue(k)}=${escapeFilterValue(v)}`)
    .join(',');
}

/** The `tags` parameter of the catalog list's and the change feed's URL contracts. */
export const tagsParam = () =>
  param
    .custom<TagFilter>({ default: NO_TAGS, parse: parseTagFilter, serialize: encodeTagFilter })
    .resettingPage();

/** The summary's `tags`: `["key=value", …]`. */
export const summaryTags = (tags: TagFilter): string[] => tagPairs(tags).map(([k, v]) => `${k}=${v}`);

/**
 * The change feed's `tags`: a Kubernetes label selector over the items' tags (`key=value,other=x`). A selector has
 * no quoting, so a value with a comma or a parenthesis cannot be sent and is left out.
 */
export const changesTagSelector = (tags: TagFilter): string =>
  tagPairs(tags)
    .filter(([k, v]) => !/[,()]/.test(k + v))
    .map(([k, v]) => `${k}=${v}`)
    .join(',');

/** The trigger's text: All, the chosen `key=value`s, or how many when there are many. */
export function tagFilterSummary(tags: TagFilter): string {
  const pairs = tagPairs(tags);
  if (pairs.length === 0) return 'All';
  if (pairs.length >= 3) return `${pairs.length} tags`;
  return pairs.map(([k, v]) => `${k}=${v}`).join(', ');
}

export interface TagKeyOption {
  key: string;
  values: string[];
}

/** `config_tags` rows → one option per key, account, namespace and name first (000 §9 "Tags are sorted …"), values sorted. */
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
