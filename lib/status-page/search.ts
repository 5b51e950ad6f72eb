import type { StatusPageSummary } from '@/lib/status-page/endpoints';
import { defineSearchParams, param } from '@/lib/search-params/define';

export const STATUS_PAGE_STATES = ['published', 'draft'] as const;

/** The URL contract of /settings/status-page: `query` (words of the name or address) and `state`. */
export const statusPagesSearch = defineSearchParams({
  query: param.string(),
  state: param.optionalOneOf(STATUS_PAGE_STATES),
});

/** The pages that hold every word of the query in their name or slug (ignoring case) and are in that state. */
export function filterStatusPages(
  pages: readonly StatusPageSummary[],
  query: string,
  state: (typeof STATUS_PAGE_STATES)[number] | null,
): readonly StatusPageSummary[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return pages.filter(
    (p) =>
      (state === null || p.published === (state === 'published')) &&
      words.every((w) => `${p.name}\n${p.slug}`.toLowerCase().includes(w)),
  );
}
