import type { Metadata } from 'next';
import { CatalogBrowser } from '@/components/catalog/catalog-browser';
import { CatalogNav } from '@/components/catalog/catalog-nav';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { getPreferences, getTablePageSize } from '@/lib/preferences/server';
import { catalogQueries } from '@/lib/catalog/queries';
import { catalogSummaryRequest, configListParams } from '@/lib/catalog/requests';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { catalogSearch, isListMode } from '@/lib/catalog/search';

export const metadata: Metadata = { title: 'Catalog' };

/** /catalog: the summary of config types, or with a type or search the server-paged list of items. */
export default async function CatalogPage({ searchParams }: { searchParams: Promise<SearchParamsSource> }) {
  const session = await requireRouteAccess('/catalog');
  const values = catalogSearch.parse(await searchParams);
  const [preferences, cookiePageSize] = await Promise.all([getPreferences(), getTablePageSize()]);
  const pageSize = values.pageSize ?? cookiePageSize;
  const showDeleted = preferences.showDeletedConfigs;
  const query = isListMode(values)
    ? catalogQueries.list(configListParams(values, pageSize, showDeleted))
    : catalogQueries.summary(catalogSummaryRequest(values, showDeleted));
  return (
    <>
      <CatalogNav current="/catalog" canReadScrapers={canOpenRoute(session, '/catalog/scrapers')} />
      <PrefetchQueries queries={[query]}>
        <CatalogBrowser serverPageSize={pageSize} />
      </PrefetchQueries>
    </>
  );
}
