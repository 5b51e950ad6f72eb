import type { Metadata } from 'next';
import { CatalogNav } from '@/components/catalog/catalog-nav';
import { ChangesList } from '@/components/catalog/changes-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { getPreferences, getTablePageSize } from '@/lib/preferences/server';
import { changesFeedQuery } from '@/lib/catalog/changes-feed-queries';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { changesFeedInput, changesSearch } from '@/lib/catalog/changes-search';

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
      <CatalogNav current="/catalog/changes" canReadScrapers={canOpenRoute(session, '/catalog/scrapers')} />
      <PrefetchQueries
        queries={[changesFeedQuery(changesFeedInput(values, pageSize, preferences.showDeletedConfigs))]}
      >
        <ChangesList serverPageSize={pageSize} />
      </PrefetchQueries>
    </>
  );
}
