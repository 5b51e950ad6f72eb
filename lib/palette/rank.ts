/**
 * How well a palette entry matches what the person typed: every word of the query must occur in the entry's text;
 * an exact name beats a name that starts with the query, which beats a word that starts with it, which beats a
 * match in the middle of a word or only in the context line. Pure, so the ordering is unit-tested.
 */

export interface Rankable {
  /** The entry's name (a page title, a check's name, an incident's title). */
  title: string;
  /** Other text that may match (a page's section, an incident's number, a thing's type). */
  keywords?: readonly string[];
}

const normalize = (text: string) => text.trim().toLowerCase();

/** One query word against one text: 0 when absent. */
function wordScore(word: string, text: string, weight: number): number {
  const at = text.indexOf(word);
  if (at < 0) return 0;
  if (text === word) return 100 * weight;
  if (at === 0) return 60 * weight;
  if (/[\s/:._-]/.test(text[at - 1] ?? '')) return 40 * weight;
  return 20 * weight;
}

/** The entry's score for a query, 0 when some word of the query matches nowhere (the entry is left out). */
export function matchScore(query: string, entry: Rankable): number {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const title = normalize(entry.title);
  const keywords = (entry.keywords ?? []).map(normalize);
  let total = 0;
  for (const word of words) {
    const best = Math.max(wordScore(word, title, 1), ...keywords.map((k) => wordScore(word, k, 0.5)));
    if (best === 0) return 0;
    total += best;
  }
  // The whole query as one phrase at the start of the name counts once more ("api gate" over "gate api").
  if (words.length > 1 && title.startsWith(normalize(query))) total += 30;
  // Shorter names first among equals: "api" finds "api" before "api-gateway-canary-long".
  return total - Math.min(title.length, 100) / 1000;
}

/** The entries that match, best first; ties keep their given order (the backend's or the registry's). */
export function rankEntries<T extends Rankable>(query: string, entries: readonly T[], limit = Infinity): T[] {
  return entries
    .map((entry, index) => ({ entry, index, score: matchScore(query, entry) }))
    .filter((e) => e.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((e) => e.entry);
}

/**
 * At most `max` entries of each group, in the given order: one kind with many equal matches (fifty config items
 * named "payments") would otherwise fill the list and hide the one team or check of that name.
 */
export function limitPerGroup<T>(entries: readonly T[], groupOf: (entry: T) => string, max: number): T[] {
  const counts = new Map<string, number>();
  return entries.filter((entry) => {
    const group = groupOf(entry);
    const n = (counts.get(group) ?? 0) + 1;
    counts.set(group, n);
    return n <= max;
  });
}
