import type { Metadata } from 'next';
import { SilencesList } from '@/components/notifications/silences-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { notificationQueries, silencesListParams } from '@/lib/notifications/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { silencesSearch } from '@/lib/notifications/search';

export const metadata: Metadata = { title: 'Notification Silences' };

/** /notifications/silences: the live silences. */
export default async function SilencesPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/notifications/silences');
  const values = silencesSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[notificationQueries.silenceList(silencesListParams(values, pageSize))]}>
      <SilencesList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
