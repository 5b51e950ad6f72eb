import type { ChangesFeedInput } from '@/lib/catalog/changes-search';
import type { CatalogSummaryRequest } from '@/lib/catalog/endpoints';
import type {
  ConfigChecksParams,
  ConfigListParams,
  InsightListParams,
  RelatedConfigsParams,
} from '@/lib/catalog/configs-endpoints';

/**
 * The catalog's one key family (a write or a live update refreshes by these). Apart from the query factories, which
 * are split by screen (queries.ts, feed-queries.ts, option-queries.ts) so that a page loads only the ones it runs.
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  summary: (body: CatalogSummaryRequest) => [...catalogKeys.all, 'summary', body] as const,
  list: (p: ConfigListParams) => [...catalogKeys.all, 'list', p] as const,
  item: (id: string) => [...catalogKeys.all, 'item', id] as const,
  changes: (input: ChangesFeedInput) => [...catalogKeys.all, 'changes', input] as const,
  change: (id: string) => [...catalogKeys.all, 'change', id] as const,
  insights: (p: InsightListParams) => [...catalogKeys.all, 'insights', p] as const,
  insight: (id: string) => [...catalogKeys.all, 'insight', id] as const,
  componentConfigs: (componentId: string) => [...catalogKeys.all, 'component-configs', componentId] as const,
  related: (p: RelatedConfigsParams) => [...catalogKeys.item(p.id), 'related', p] as const,
  /** Every page and sort of an item's checks (a check run refreshes them all). */
  checks: (id: string) => [...catalogKeys.item(id), 'checks'] as const,
  checksPage: (p: ConfigChecksParams) => [...catalogKeys.checks(p.configId), p] as const,
  incidents: (id: string) => [...catalogKeys.item(id), 'incidents'] as const,
  options: (kind: 'types' | 'statuses' | 'labels' | 'tags' | 'change-types' | 'analyzers') =>
    [...catalogKeys.all, 'options', kind] as const,
};
