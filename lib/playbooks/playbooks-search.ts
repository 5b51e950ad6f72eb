import type { Playbook } from '@/lib/playbooks/endpoints';
import { defineSearchParams, param } from '@/lib/search-params/define';

/** The URL contract of /playbooks: `query`, the words a playbook's name, title, description or category must hold. */
export const playbooksSearch = defineSearchParams({
  query: param.string(),
});

/** A playbook's category as the cards group it (its own, else its spec's). */
export const playbookCategory = (p: Playbook) =>
  p.category || (typeof p.spec?.category === 'string' ? p.spec.category : '') || 'Uncategorised';

/** The playbooks every word of the query appears in (in any of those texts, ignoring case), in their order. */
export function filterPlaybooks(playbooks: readonly Playbook[], query: string): readonly Playbook[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return playbooks;
  return playbooks.filter((p) => {
    const text = [p.name, p.title, p.description, playbookCategory(p)].join('\n').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
