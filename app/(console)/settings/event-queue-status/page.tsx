import type { Metadata } from 'next';
import { EventQueueList } from '@/components/event-queue/event-queue-list';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { settingsAdminQueries } from '@/lib/queries/settings-admin';

export const metadata: Metadata = { title: 'Event Queue' };

/** /settings/event-queue-status: the event queue by event name. */
export default async function EventQueuePage() {
  await requireRouteAccess('/settings/event-queue-status');
  return (
    <PrefetchQueries queries={[settingsAdminQueries.eventQueue()]}>
      <EventQueueList />
    </PrefetchQueries>
  );
}
