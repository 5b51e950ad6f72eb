import type { Metadata } from 'next';
import { IntegrationsList } from '@/components/operations/integrations-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { integrationsListParams, settingsAdminQueries } from '@/lib/operations/queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { integrationsSearch } from '@/lib/operations/search';

export const metadata: Metadata = { title: 'Integrations' };

/** /settings/integrations: the list and the Add Integration wizard. */
export default async function IntegrationsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  await requireRouteAccess('/settings/integrations');
  const values = integrationsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  return (
    <PrefetchQueries queries={[settingsAdminQueries.integrations(integrationsListParams(values, pageSize))]}>
      <IntegrationsList serverPageSize={pageSize} />
    </PrefetchQueries>
  );
}
