import type { Metadata } from 'next';
import { EventQueueList } from '@/components/operations/event-queue-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { listSortOf, settingsAdminQueries } from '@/lib/operations/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { eventQueueSearch } from '@/lib/operations/search';

export const metadata: Metadata = { title: 'Event Queue' };

/** /settings/event-queue-status: the event queue by event name. */
export default async function EventQueuePage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/settings/event-queue-status');
  const sort = listSortOf(eventQueueSearch.parse(await searchParams));
  return (
    <PrefetchQueries queries={[settingsAdminQueries.eventQueue(sort)]}>
      <EventQueueList />
    </PrefetchQueries>
  );
}
