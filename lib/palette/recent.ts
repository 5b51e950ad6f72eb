/**
 * Recently opened pages and things (issue 33: shown before anything is typed), newest first, per person in
 * localStorage. Pure list operations plus one reader and one writer.
 */

export interface RecentEntry {
  href: string;
  title: string;
  /** Page, Check, Component, Config, Incident, Playbook, Saved view. */
  kind: string;
  context?: string;
}

export const MAX_RECENT = 8;

export const recentKey = (userId: string) => `console.palette-recent.${userId}`;

/** The entry first, without an older copy of the same address, at most MAX_RECENT. */
export function pushRecent(list: readonly RecentEntry[], entry: RecentEntry): RecentEntry[] {
  return [entry, ...list.filter((e) => e.href !== entry.href)].slice(0, MAX_RECENT);
}

export function parseRecent(raw: string | null): RecentEntry[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (e): e is RecentEntry =>
          typeof e?.href === 'string' &&
          e.href.startsWith('/') &&
          !e.href.startsWith('//') &&
          typeof e.title === 'string' &&
          typeof e.kind === 'string',
      )
      .slice(0, MAX_RECENT);
  } catch {
    return [];
  }
}

export function readRecent(userId: string, storage: Storage = window.localStorage): RecentEntry[] {
  try {
    return parseRecent(storage.getItem(recentKey(userId)));
  } catch {
    return [];
  }
}

export function rememberRecent(userId: string, entry: RecentEntry, storage: Storage = window.localStorage) {
  try {
    storage.setItem(recentKey(userId), JSON.stringify(pushRecent(readRecent(userId, storage), entry)));
  } catch {
    // A full or refused storage only loses the recent list.
  }
}
