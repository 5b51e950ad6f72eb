export interface Tag {
  key: string;
  value: string;
}

/** Keys that always come first, in this order. */
export const PRIORITY_TAG_KEYS = ['account', 'namespace', 'name'] as const;

/**
 * Tags sorted with account, namespace and name first (in that order), then the rest by key
 * (then value), case-insensitively. Accepts a map or a list; null/undefined values become ''.
 */
export function sortTags(
  tags: Record<string, string | number | boolean | null | undefined> | readonly Tag[] | null | undefined,
): Tag[] {
  if (!tags) return [];
  const list: Tag[] = Array.isArray(tags)
    ? (tags as readonly Tag[]).map((t) => ({ key: t.key, value: t.value }))
    : Object.entries(tags as Record<string, unknown>).map(([key, value]) => ({
        key,
        value: value === null || value === undefined ? '' : String(value),
      }));
  const rank = (k: string) => {
    const i = (PRIORITY_TAG_KEYS as readonly string[]).indexOf(k.toLowerCase());
    return i === -1 ? PRIORITY_TAG_KEYS.length : i;
  };
  return list.sort(
    (a, b) =>
      rank(a.key) - rank(b.key) ||
      a.key.localeCompare(b.key, undefined, { sensitivity: 'base' }) ||
      a.value.localeCompare(b.value, undefined, { sensitivity: 'base' }),
  );
}
