/**
 * A rule's group-by keys (issue 19): the picker offers the label keys of configs, components and checks
 * (`tag:<k>`, `label:<k>`), and a rule may hold keys no longer listed, which stay selectable.
 */

/** One sorted list without repeats or blanks, from the three views' answers. */
export function mergeGroupByKeys(lists: readonly (readonly { key: string }[])[]): string[] {
  const keys = new Set<string>();
  for (const list of lists) for (const { key } of list) if (key.trim()) keys.add(key.trim());
  return [...keys].sort((a, b) => a.localeCompare(b));
}

/** The picker's options: the known keys, then the rule's own keys the views do not list (kept, not dropped). */
export function groupByOptions(
  known: readonly string[],
  chosen: readonly string[],
): { value: string; label: string }[] {
  const all = [...known, ...chosen.filter((k) => !known.includes(k))];
  return all.map((value) => ({ value, label: value }));
}
