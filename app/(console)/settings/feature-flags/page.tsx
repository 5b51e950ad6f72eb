import type { Metadata } from 'next';
import { FeatureFlagsList } from '@/components/feature-flags/feature-flags-list';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { isAdmin } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { settingsAdminQueries } from '@/lib/queries/settings-admin';

export const metadata: Metadata = { title: 'Feature Flags' };

/** /settings/feature-flags: the flags; admins also get the stored rows' audit columns and the edit actions. */
export default async function FeatureFlagsPage() {
  const session = await requireRouteAccess('/settings/feature-flags');
  const queries = isAdmin(session.roles) ? [settingsAdminQueries.properties(), settingsAdminQueries.propertyRows()] : [settingsAdminQueries.properties()];
  return (
    <PrefetchQueries queries={queries}>
      <FeatureFlagsList />
    </PrefetchQueries>
  );
}
