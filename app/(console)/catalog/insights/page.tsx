import type { Metadata } from 'next';
import { CatalogNav } from '@/components/catalog/catalog-nav';
import { InsightsList } from '@/components/catalog/insights-list';
import { PrefetchQueries } from '@/components/shell/prefetch-queries';
import { canOpenRoute, requireRouteAccess } from '@/lib/auth/server';
import { getTablePageSize } from '@/lib/preferences/server';
import { catalogFeedQueries } from '@/lib/catalog/feed-queries';
import { insightListParams } from '@/lib/catalog/view-requests';
import type { SearchParamsSource } from '@/lib/search-params/define';
import { insightsSearch } from '@/lib/catalog/view-search';

export const metadata: Metadata = { title: 'Catalog Insights' };

/** /catalog/insights: insights of every item, or of a topology component's configs (`?component=`). */
export default async function CatalogInsightsPage({
  searchParams,
}: {
  searchParams: Promise<SearchParamsSource>;
}) {
  const session = await requireRouteAccess('/catalog/insights');
  const values = insightsSearch.parse(await searchParams);
  const pageSize = values.pageSize ?? (await getTablePageSize());
  const component = values.component;
  return (
    <>
      <CatalogNav current="/catalog/insights" canReadScrapers={canOpenRoute(session, '/catalog/scrapers')} />
      <PrefetchQueries
        queries={
          component
            ? [catalogFeedQueries.componentConfigs(component)]
            : [catalogFeedQueries.insights(insightListParams(values, pageSize))]
        }
        dependent={async (client) => {
          if (!component) return;
          const rows = client.getQueryData(catalogFeedQueries.componentConfigs(component).queryKey);
          if (rows)
            await client.prefetchQuery(
              catalogFeedQueries.insights(
                insightListParams(values, pageSize, { componentConfigIds: rows.map((r) => r.id) }),
              ),
            );
        }}
      >
        <InsightsList serverPageSize={pageSize} />
      </PrefetchQueries>
    </>
  );
}
