import type { CatalogSummaryRequest } from '@/lib/catalog/endpoints';
import type { ConfigListParams } from '@/lib/catalog/configs-endpoints';
import { splitLabelId, type TriStateMap } from '@/lib/filters';
import { includedTags } from '@/lib/catalog/tri-state-param';
import type { CatalogSearch } from '@/lib/catalog/search';

// The catalog browser's URL → its requests, which the server page and the lists share; apart from the queries so
// that a page loads only the mappings it uses (the insights' and the item tabs' are in view-requests.ts).

/** Tri-state label ids → the summary's `filter` (`{key: "a,!b"}`). */
export function summaryLabelFilter(labels: TriStateMap): Record<string, string> {
  const out: Record<string, string[]> = {};
  for (const [id, state] of Object.entries(labels)) {
    const { key, value } = splitLabelId(id);
    (out[key] ??= []).push(state === 1 ? value : `!${value}`);
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, v.sort().join(',')]));
}

/** The summary's request: grouped by type (classes are grouped on this side), counts of the last 30 days. */
export function catalogSummaryRequest(
  v: Pick<CatalogSearch, 'status' | 'health' | 'labels' | 'tags'>,
  showDeleted: boolean,
): CatalogSummaryRequest {
  return {
    groupBy: ['type'],
    deleted: showDeleted,
    filter: summaryLabelFilter(v.labels),
    ...(includedTags(v.tags).length > 0 ? { tags: includedTags(v.tags) } : {}),
    ...(v.health ? { health: v.health } : {}),
    ...(v.status ? { status: v.status } : {}),
    changes: { since: '30d' },
    analysis: { since: '30d' },
    cost: '30d',
  };
}

export function configListParams(v: CatalogSearch, pageSize: number, showDeleted: boolean): ConfigListParams {
  return {
    configType: v.configType,
    search: v.search.trim(),
    status: v.status,
    health: v.health,
    labels: v.labels,
    tags: v.tags,
    showDeleted,
    sortBy: v.sortBy ?? 'type',
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}
