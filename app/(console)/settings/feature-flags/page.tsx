import type { Metadata } from 'next';
import { FeatureFlagsList } from '@/components/operations/feature-flags-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { isAdmin } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { settingsAdminQueries } from '@/lib/operations/queries';

export const metadata: Metadata = { title: 'Feature Flags' };

/** /settings/feature-flags: the flags; admins also get the stored rows' audit columns and the edit actions. */
export default async function FeatureFlagsPage() {
  const session = await requireRouteAccess('/settings/feature-flags');
  const queries = isAdmin(session.roles)
    ? [settingsAdminQueries.properties(), settingsAdminQueries.propertyRows()]
    : [settingsAdminQueries.properties()];
  return (
    <PrefetchQueries queries={queries}>
      <FeatureFlagsList />
    </PrefetchQueries>
  );
}
