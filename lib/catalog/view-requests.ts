import type {
  ConfigChecksParams,
  InsightListParams,
  RelatedConfigsParams,
} from '@/lib/catalog/configs-endpoints';
import type { ConfigChecksSearch, InsightsSearch, RelationshipsSearch } from '@/lib/catalog/view-search';

// The insights' and the item tabs' URLs (view-search.ts) → their requests, apart from requests.ts (the catalog
// browser's), so that neither kind of page loads the other's mappings.

export function insightListParams(
  v: InsightsSearch,
  pageSize: number,
  scope: { configId?: string; componentConfigIds?: readonly string[] } = {},
): InsightListParams {
  return {
    configId: scope.configId ?? null,
    configIds: scope.componentConfigIds ?? null,
    configType: v.configType,
    status: v.status,
    analysisType: v.type,
    severity: v.severity,
    analyzer: v.analyzer,
    sortBy: v.sortBy ?? 'first_observed',
    sortDesc: v.sortDesc,
    pageIndex: v.pageIndex,
    pageSize,
  };
}

/** The Checks tab's URL → its request. */
export function configChecksParams(
  configId: string,
  v: ConfigChecksSearch,
  pageSize: number,
): ConfigChecksParams {
  return { configId, sortBy: v.sortBy ?? 'name', sortDesc: v.sortDesc, pageIndex: v.pageIndex, pageSize };
}

/** The walks the relationships tab's URL asks for: incoming, outgoing or both. */
export function relationshipWalks(
  id: string,
  v: Pick<RelationshipsSearch, 'direction' | 'relation'>,
  includeDeleted: boolean,
): RelatedConfigsParams[] {
  const directions = v.direction === 'all' ? (['incoming', 'outgoing'] as const) : [v.direction];
  return directions.map((direction) => ({ id, direction, relation: v.relation, includeDeleted }));
}
