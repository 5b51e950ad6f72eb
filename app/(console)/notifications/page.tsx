import type { Metadata } from 'next';
import { NotificationTabs } from '@/components/notifications/notification-tabs';
import { SendHistoryList } from '@/components/notifications/send-history-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { notificationQueries } from '@/lib/notifications/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { sendHistoryQuery, sendHistorySearch } from '@/lib/notifications/send-history-search';

export const metadata: Metadata = { title: 'Notifications' };

/** /notifications: the send history (the header bell's target). */
export default async function NotificationsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/notifications');
  const values = sendHistorySearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[notificationQueries.sendList(sendHistoryQuery(values, pageSize))]}>
      <div className="flex min-w-0 flex-col gap-3 p-4">
        <NotificationTabs current="/notifications" />
        <SendHistoryList serverPageSize={pageSize} />
      </div>
    </PrefetchQueries>
  );
}
