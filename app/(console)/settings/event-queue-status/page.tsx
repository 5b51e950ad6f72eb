import type { Metadata } from 'next';
import { EventQueueList } from '@/components/event-queue/event-queue-list';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { listSortOf, settingsAdminQueries } from '@/lib/queries/settings-admin';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { eventQueueSearch } from '@/lib/search-params/settings-admin';

export const metadata: Metadata = { title: 'Event Queue' };

/** /settings/event-queue-status: the event queue by event name. */
export default async function EventQueuePage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  await requireRouteAccess('/settings/event-queue-status');
  const sort = listSortOf(eventQueueSearch.parse(await searchParams));
  return (
    <PrefetchQueries queries={[settingsAdminQueries.eventQueue(sort)]}>
      <EventQueueList />
    </PrefetchQueries>
  );
}
