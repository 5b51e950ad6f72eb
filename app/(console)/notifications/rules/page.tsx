import type { Metadata } from 'next';
import { RulesList } from '@/components/notifications/rules-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { notificationQueries, rulesListParams } from '@/lib/notifications/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { rulesSearch } from '@/lib/notifications/search';

export const metadata: Metadata = { title: 'Notification Rules' };

/** /notifications/rules (`?id=` opens one). */
export default async function RulesPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/notifications/rules');
  const values = rulesSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[notificationQueries.ruleList(rulesListParams(values, pageSize))]}>
      <RulesList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
