'use client';

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'next/navigation';
import { usePersistedPageSize } from '@/components/data-table/use-persisted-page-size';
import { usePreferences } from '@/components/shell/preferences-provider';
import { changesFeedInput, changesSearch } from '@/lib/catalog/changes-search';
import { changesFeedQuery } from '@/lib/catalog/changes-feed-queries';
import { TabCount } from '@/components/catalog/tab-count';

/**
 * The Changes tab's count (issue 37: it said 7 over an empty list). It is the total of the very query the tab's list
 * runs: the item's changes with its related items', in the list's time range, filters and page size (the address's
 * on the Changes tab, the list's defaults elsewhere), so the two share one cache entry and always agree. The
 * detail summary's count (every change of the item alone, of all time) answers another question and is not shown.
 * Nothing is shown until the total is known, nor while a new filter's total loads, nor for none.
 */
export function ChangesBadge({
  configId,
  serverPageSize,
  onChangesTab,
}: {
  configId: string;
  serverPageSize: number;
  onChangesTab: boolean;
}) {
  const searchParams = useSearchParams();
  const { preferences } = usePreferences();
  const [persistedPageSize] = usePersistedPageSize(serverPageSize);
  const values = changesSearch.parse(new URLSearchParams(onChangesTab ? searchParams.toString() : ''));
  const input = changesFeedInput(
    values,
    values.pageSize ?? persistedPageSize,
    preferences.showDeletedConfigs,
    configId,
  );
  const query = useQuery(changesFeedQuery(input));
  const total = query.isPlaceholderData ? null : (query.data?.total ?? null);
  if (!total || total <= 0) return null;
  return <TabCount count={total} />;
}
