import type { Metadata } from 'next';
import { LogBackendsList } from '@/components/log-backends/log-backends-list';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { settingsAdminQueries } from '@/lib/queries/settings-admin';

export const metadata: Metadata = { title: 'Log Backends' };

/** /settings/log-backends (feature logs): the log backends, add and edit. */
export default async function LogBackendsPage() {
  await requireRouteAccess('/settings/log-backends');
  return (
    <PrefetchQueries queries={[settingsAdminQueries.logBackends()]}>
      <LogBackendsList />
    </PrefetchQueries>
  );
}
