import type { CatalogChangesRequest } from '@/lib/catalog/endpoints';
import { CHANGES_DEPTH } from '@/lib/catalog/change-constants';
import type { ChangesFeedValues } from '@/lib/catalog/changes-search';
import { timeRangeOf } from '@/lib/search-params/time-range';
import { simpleTimeRangeDatemath } from '@/lib/time-range/simple';
import { includedTags } from '@/lib/catalog/tri-state-param';

// Apart from lib/catalog/queries.ts and loaded by the feed's query (changesFeedQuery) when it asks: the range
// parsing it needs is not in the change feed's first load.

/** The change feed's request; `configId` walks that item's related items as the URL says (downstream by default). */
export function catalogChangesRequest(
  v: ChangesFeedValues,
  pageSize: number,
  showDeleted: boolean,
  configId?: string,
): CatalogChangesRequest {
  const range = timeRangeOf(v);
  // The feed's `tags` is a label selector (`k=v,…`), which cannot quote: an id with a comma or parenthesis is left out.
  const tags = includedTags(v.tags)
    .filter((id) => !/[,()]/.test(id))
    .join(',');
  const time =
    range?.type === 'relative'
      ? { from: range.range }
      : range?.type === 'absolute' || range?.type === 'mapped'
        ? { from: range.from, to: range.to }
        : v.timeRange
          ? { from: simpleTimeRangeDatemath(v.timeRange) }
          : {};
  return {
    ...(configId ? { id: configId, recursive: v.recursive, depth: CHANGES_DEPTH } : { recursive: 'none' }),
    ...(v.configType ? { config_type: v.configType } : {}),
    ...(v.changeType ? { type: v.changeType } : {}),
    ...(v.severity ? { severity: v.severity } : {}),
    ...(tags ? { tags } : {}),
    ...time,
    include_deleted_configs: showDeleted,
    sort_by: `${v.sortDesc ? '-' : ''}${v.sortBy ?? 'created_at'}`,
    page: v.pageIndex + 1,
    page_size: pageSize,
  };
}
