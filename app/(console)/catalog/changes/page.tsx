import type { Metadata } from 'next';
import { CatalogNav } from '@/components/catalog/catalog-nav';
import { ChangesList } from '@/components/catalog/changes-list';
import { PrefetchQueries } from '@/components/providers/prefetch-queries';
import { isAdmin } from '@/lib/auth/permissions';
import { requireRouteAccess } from '@/lib/auth/server';
import { getPreferences, getTablePageSize } from '@/lib/preferences/server';
import { catalogQueries } from '@/lib/queries/catalog';
import { catalogChangesRequest } from '@/lib/queries/catalog-changes';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { changesSearch } from '@/lib/search-params/catalog-changes';

export const metadata: Metadata = { title: 'Catalog Changes' };

/** /catalog/changes: every item's changes, last 2 days by default, server-paged. */
export default async function CatalogChangesPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  const session = await requireRouteAccess('/catalog/changes');
  const values = changesSearch.parse(await searchParams);
  const [preferences, cookiePageSize] = await Promise.all([getPreferences(), getTablePageSize()]);
  const pageSize = values.pageSize ?? cookiePageSize;
  return (
    <>
      <CatalogNav current="/catalog/changes" canReadScrapers={isAdmin(session.roles)} />
      <PrefetchQueries
        queries={[
          catalogQueries.changes(catalogChangesRequest(values, pageSize, preferences.showDeletedConfigs)),
        ]}
      >
        <ChangesList serverPageSize={pageSize} />
      </PrefetchQueries>
    </>
  );
}
